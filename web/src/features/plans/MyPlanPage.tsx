import type { TNextCharge } from '@livecart/contract/billing';
import { hasFakeSubscription } from '@livecart/contract/plan';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Col,
  Descriptions,
  Empty,
  Row,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { formatDate, formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { useLocalePath } from '../../app/useLocale';
import { ButtonLink } from '../../components/ButtonLink';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useSession } from '../auth/api';
import { type TSubscription, useCancelSubscription, useResumeSubscription, useSubscription } from './api';
import { ChangePlanModal } from './ChangePlanModal';
import { GraceAlert } from './GraceBanner';
import { PaymentMethodsCard } from './PaymentMethodsCard';

const STATUS_COLOR: Record<TSubscription['status'], string> = {
  active: 'green',
  trialing: 'blue',
  incomplete: 'orange',
  cancel_at_period_end: 'gold',
  unsubscribed: 'default',
};

/** The subscription's status as a coloured tag, in the reader's language. */
export function SubscriptionStatusTag({ sub }: { sub: TSubscription }) {
  const { t } = useTranslation();
  const status =
    sub.cancel_at_period_end && sub.status !== 'unsubscribed' ? 'cancel_at_period_end' : sub.status;
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="plan-status" data-status={status}>
      {t(`myPlan.status.${status}`)}
    </Tag>
  );
}

/** One line of the estimate: its label, and the amount kept on one line at the right. */
function ChargeLine({ label, amount, strong }: { label: string; amount: number; strong?: boolean }) {
  const value = <span className="charge-amount">{formatEuros(amount)}</span>;
  return (
    <div className="charge-line">
      <span>{strong ? <strong>{label}</strong> : label}</span>
      {strong ? <strong data-testid="next-charge-total">{value}</strong> : value}
    </div>
  );
}

/** The next charge's estimate: plan + percent of this month's sales so far + VAT = total. */
function NextChargeCard({ charge }: { charge: TNextCharge }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('myPlan.next.title', { date: formatDate(charge.date) })}
      className="card-wrap-title"
      data-testid="next-charge"
    >
      <ChargeLine label={t('myPlan.next.plan')} amount={charge.plan_amount} />
      <ChargeLine
        label={t('myPlan.next.percent', { percent: charge.percent, sales: formatEuros(charge.sales_amount) })}
        amount={charge.percent_amount}
      />
      <ChargeLine label={t('myPlan.next.vat')} amount={charge.vat_amount} />
      <ChargeLine label={t('myPlan.next.total')} amount={charge.total} strong />
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
        {t('myPlan.next.estimate')}
      </Typography.Paragraph>
    </Card>
  );
}

/** The plan, its status, days left, period, price and percent; change, cancel or resume. */
function SubscriptionCard({ sub }: { sub: TSubscription }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [changing, setChanging] = useState(false);
  const periodEnd =
    sub.status === 'trialing' ? (sub.trial_end ?? sub.current_period_end) : sub.current_period_end;
  const ended = sub.status === 'unsubscribed';

  const confirmCancel = () =>
    modal.confirm({
      title: t('myPlan.cancel.title'),
      content: t('myPlan.cancel.text', { date: formatDate(periodEnd) }),
      okText: t('myPlan.cancel.ok'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('myPlan.cancel.keep'),
      onOk: () =>
        cancel
          .mutateAsync()
          .then(() => toast('success', t('myPlan.cancel.done', { date: formatDate(periodEnd) }))),
    });

  const price =
    sub.price === null
      ? t('pricing.onRequest')
      : t(sub.interval === 'year' ? 'pricing.perYear' : 'pricing.perMonth', {
          price: formatEuros(sub.price),
        });

  return (
    <Card
      title={
        <Space wrap>
          <span data-testid="plan-name">{sub.plan_name}</span>
          <SubscriptionStatusTag sub={sub} />
        </Space>
      }
      data-testid="subscription"
    >
      <Descriptions column={1} size="small">
        {sub.days_left !== null && (
          <Descriptions.Item
            label={t(sub.status === 'trialing' ? 'myPlan.trialDaysLeft' : 'myPlan.daysLeft')}
          >
            <span data-testid="plan-days-left">{sub.days_left}</span>
          </Descriptions.Item>
        )}
        {periodEnd && (
          <Descriptions.Item
            label={t(
              sub.status === 'trialing'
                ? 'myPlan.trialEnd'
                : sub.cancel_at_period_end || ended
                  ? 'myPlan.endsOn'
                  : 'myPlan.renewsOn',
            )}
          >
            <span data-testid="plan-period-end">{formatDate(periodEnd)}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('myPlan.price')}>
          <span data-testid="plan-price">{price}</span>
        </Descriptions.Item>
        {sub.percent !== null && (
          <Descriptions.Item label={t('myPlan.percent')}>
            <span data-testid="plan-percent">{t('myPlan.percentValue', { percent: sub.percent })}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {sub.pending_plan_name && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="plan-pending"
          title={t('myPlan.pending', {
            plan: sub.pending_plan_name,
            date: formatDate(sub.current_period_end),
          })}
        />
      )}
      {sub.cancel_at_period_end && !ended && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="plan-canceled"
          title={t('myPlan.canceledNotice', { date: formatDate(periodEnd) })}
        />
      )}
      {sub.status === 'trialing' && !sub.has_payment_method && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="plan-needs-method"
          title={t('myPlan.needsMethod', { date: formatDate(sub.trial_end) })}
        />
      )}
      <Space wrap style={{ marginTop: 16 }}>
        {ended ? (
          <ButtonLink type="primary" to="/pricing" data-testid="plan-resubscribe">
            {t('myPlan.resubscribe')}
          </ButtonLink>
        ) : (
          <Button type="primary" onClick={() => setChanging(true)} data-testid="plan-change">
            {t('myPlan.changePlan')}
          </Button>
        )}
        {!ended &&
          (sub.cancel_at_period_end ? (
            <Button
              loading={resume.isPending}
              onClick={() =>
                resume.mutate(undefined, { onSuccess: () => toast('success', t('myPlan.resumed')) })
              }
              data-testid="plan-resume"
            >
              {t('myPlan.resume')}
            </Button>
          ) : (
            <Button danger onClick={confirmCancel} data-testid="plan-cancel">
              {t('myPlan.cancel.button')}
            </Button>
          ))}
      </Space>
      {changing && <ChangePlanModal subscription={sub} onClose={() => setChanging(false)} />}
    </Card>
  );
}

/** /account/plan: the seller's subscription, next charge and payment methods (SPEC §2 My Plan). */
export default function MyPlanPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const lp = useLocalePath();
  const sub = useSubscription(!!user && !hasFakeSubscription(user), { staleTime: 0 });
  // a fake or skipped subscription has no plan to show: the plans instead (SPEC §4)
  if (user && hasFakeSubscription(user)) return <Navigate replace to={lp('/pricing')} />;
  if (sub.isPending) return <FullScreenLoader />;
  const s = sub.data ?? null;
  return (
    <div data-testid="my-plan-page" className="my-plan-page" style={{ maxWidth: 1100 }}>
      <Typography.Title level={1}>{t('myPlan.title')}</Typography.Title>
      {s && <GraceAlert sub={s} />}
      {!s ? (
        <Card>
          <Empty
            description={<span data-testid="my-plan-empty">{t('myPlan.none')}</span>}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
          >
            <ButtonLink type="primary" to="/pricing" data-testid="my-plan-pricing">
              {t('myPlan.seePlans')}
            </ButtonLink>
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <SubscriptionCard sub={s} />
          </Col>
          <Col xs={24} lg={12}>
            {s.next_charge ? (
              <NextChargeCard charge={s.next_charge} />
            ) : (
              <Card title={t('myPlan.next.none')} data-testid="next-charge-none">
                <Typography.Text type="secondary">{t('myPlan.next.noneText')}</Typography.Text>
              </Card>
            )}
          </Col>
          <Col xs={24}>
            <PaymentMethodsCard />
          </Col>
        </Row>
      )}
    </div>
  );
}
