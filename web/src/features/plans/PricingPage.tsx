import { CheckOutlined } from '@ant-design/icons';
import { ROLE, TRIAL_DAYS } from '@livecart/contract/constants';
import { sellerNeedsPlan } from '@livecart/contract/plan';
import type { TCurrentUser } from '@livecart/contract/user';
import { Alert, Button, Card, Col, Modal, Row, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { useLocale, useLocalePath } from '../../app/useLocale';
import { ButtonLink } from '../../components/ButtonLink';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useSession } from '../auth/api';
import {
  type TBillingInterval,
  type TPaymentPlan,
  type TSetupStart,
  useExistUserSubscribe,
  usePaymentPlans,
  useSkipSubscription,
  useSubscribe,
} from './api';
import { RequestDemoModal } from './RequestDemoModal';
import { goToSetup } from './setupRecord';
import { trialDaysLeft } from './trial';

/** The price line of a plan for the chosen interval ("149 € / mois", "1 490 € / an", "Sur demande"). */
export function PlanPrice({ plan, interval }: { plan: TPaymentPlan; interval: TBillingInterval }) {
  const { t } = useTranslation();
  if (plan.on_request || plan.price === null) return <>{t('pricing.onRequest')}</>;
  if (interval === 'year' && plan.yearly_price !== null)
    return <>{t('pricing.perYear', { price: formatEuros(plan.yearly_price) })}</>;
  return <>{t('pricing.perMonth', { price: formatEuros(plan.price) })}</>;
}

interface PlanCardProps {
  plan: TPaymentPlan;
  interval: TBillingInterval;
  current: boolean;
  action: React.ReactNode;
}

/** One plan: price, percent of sales, the sales it suits, its features, its button. */
function PlanCard({ plan, interval, current, action }: PlanCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      title={<h2 className="plain-heading">{plan.name}</h2>}
      extra={
        current ? (
          <Tag color="green" data-testid={`plan-current-${plan.code}`}>
            {t('pricing.current')}
          </Tag>
        ) : null
      }
      data-testid={`plan-${plan.code}`}
      className="plan-card"
    >
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid={`plan-price-${plan.code}`}>
        <PlanPrice plan={plan} interval={interval} />
      </Typography.Title>
      {plan.percent !== null && (
        <p>
          <CheckOutlined /> {t('pricing.percentOfSales', { percent: plan.percent })}
        </p>
      )}
      {plan.sales_limit !== null && (
        <p>
          <CheckOutlined />{' '}
          {plan.code === 'basic'
            ? t('pricing.salesBelow', { amount: formatEuros(plan.sales_limit) })
            : t('pricing.salesAbove', { amount: formatEuros(plan.sales_limit) })}
        </p>
      )}
      {plan.features.length > 0 && (
        <ul className="plan-features" data-testid={`plan-features-${plan.code}`}>
          {plan.features.map((f) => (
            <li key={f}>
              <CheckOutlined /> {f}
            </li>
          ))}
        </ul>
      )}
      <div className="plan-action">{action}</div>
    </Card>
  );
}

/** During the trial, once a plan is chosen: add the card now, or later from My Plan. */
function AddCardNow({
  setup,
  plan,
  type,
  onClose,
}: {
  setup: TSetupStart | null;
  plan: TPaymentPlan | null;
  type: TBillingInterval;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const skip = useSkipSubscription(locale);
  if (!setup || !plan) return null;
  return (
    <Modal
      open
      title={t('pricing.addCard.title', { plan: plan.name })}
      onCancel={onClose}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button
            loading={skip.isPending}
            onClick={() => skip.mutate(undefined, { onSuccess: () => navigate(lp('/dashboard')) })}
            data-testid="pricing-later"
          >
            {t('pricing.addCard.later')}
          </Button>
          <Button
            type="primary"
            onClick={() =>
              goToSetup(setup.redirectUrl, { purpose: 'subscribe', planId: plan.id, type, returnTo: 'plan' })
            }
            data-testid="pricing-add-card"
          >
            {t('pricing.addCard.now')}
          </Button>
        </Space>
      }
      data-testid="pricing-add-card-modal"
    >
      <Typography.Paragraph>{t('pricing.addCard.text')}</Typography.Paragraph>
    </Modal>
  );
}

const inTrial = (user: TCurrentUser) =>
  user.role_id === ROLE.seller && !sellerNeedsPlan(user) && trialDaysLeft(user.trial_end) !== null;

/** /pricing: the plans and the free trial. Sellers without a valid subscription land here. */
export default function PricingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const plans = usePaymentPlans();
  const subscribe = useSubscribe();
  const subscribeNow = useExistUserSubscribe();
  const [interval, setInterval] = useState<TBillingInterval>('month');
  const [demoOpen, setDemoOpen] = useState(false);
  const [chosen, setChosen] = useState<{ plan: TPaymentPlan; setup: TSetupStart | null } | null>(null);

  const items = plans.data?.items ?? [];
  const hasYearly = items.some((p) => p.yearly_price !== null);
  const isSeller = user?.role_id === ROLE.seller;
  const needsPlan = !!user && sellerNeedsPlan(user);
  const pending = subscribe.isPending || subscribeNow.isPending;

  const choose = (plan: TPaymentPlan) => {
    if (!user) return;
    const type: TBillingInterval = interval === 'year' && plan.yearly_price !== null ? 'year' : 'month';
    if (inTrial(user)) {
      subscribe.mutate(
        { planId: plan.id, type },
        {
          onSuccess: (r) => {
            toast(
              'success',
              t('pricing.chosenInTrial', { plan: plan.name, date: formatDate(user.trial_end) }),
            );
            if (r.setup) setChosen({ plan, setup: r.setup });
            else navigate(lp('/account/plan'));
          },
        },
      );
      return;
    }
    subscribeNow.mutate(
      { user: user.id, planId: plan.id, type },
      {
        onSuccess: (r) => {
          if (r.setup)
            goToSetup(r.setup.redirectUrl, { purpose: 'subscribe', planId: plan.id, type, returnTo: 'plan' });
          else navigate(lp('/account/plan'));
        },
      },
    );
  };

  const actionOf = (plan: TPaymentPlan) => {
    if (plan.on_request)
      return (
        <Button block onClick={() => setDemoOpen(true)} data-testid={`plan-demo-${plan.code}`}>
          {t('pricing.requestDemo')}
        </Button>
      );
    if (!user)
      return (
        <ButtonLink
          block
          type="primary"
          to={`/signup?plan=${plan.code}`}
          data-testid={`plan-start-${plan.code}`}
        >
          {t('pricing.start')}
        </ButtonLink>
      );
    if (!isSeller) return null;
    if (user.planId === plan.id && !needsPlan)
      return (
        <ButtonLink block to="/account/plan" data-testid={`plan-manage-${plan.code}`}>
          {t('pricing.manage')}
        </ButtonLink>
      );
    return (
      <Button
        block
        type="primary"
        loading={pending && (subscribe.variables ?? subscribeNow.variables)?.planId === plan.id}
        disabled={pending}
        onClick={() => choose(plan)}
        data-testid={`plan-choose-${plan.code}`}
      >
        {t('pricing.choose', { plan: plan.name })}
      </Button>
    );
  };

  return (
    <div data-testid="pricing-page" className="pricing-page">
      <Typography.Title level={1}>{t('pricing.title')}</Typography.Title>
      {user && needsPlan && (
        <Alert
          type="warning"
          showIcon
          title={t('errors.plan_required')}
          description={user.subscription_expired ? t('pricing.trialOver') : undefined}
          style={{ marginBottom: 16 }}
          data-testid="plan-required"
        />
      )}
      {isSeller && trialDaysLeft(user.trial_end) !== null && (
        <Alert
          type="info"
          showIcon
          title={t('pricing.trialEnds', { date: formatDate(user.trial_end) })}
          style={{ marginBottom: 16 }}
          data-testid="pricing-trial-ends"
        />
      )}
      <Typography.Paragraph strong data-testid="pricing-trial">
        {t('pricing.trial', { days: plans.data?.settings.trial_days ?? TRIAL_DAYS })}
      </Typography.Paragraph>
      {hasYearly && (
        <Segmented<TBillingInterval>
          value={interval}
          onChange={setInterval}
          options={[
            { value: 'month', label: t('pricing.monthly') },
            { value: 'year', label: t('pricing.yearly') },
          ]}
          style={{ marginBottom: 16 }}
          data-testid="pricing-interval"
        />
      )}
      {plans.isPending && <FullScreenLoader />}
      <Row gutter={[16, 16]}>
        {items.map((p) => (
          <Col key={p.id} xs={24} md={8}>
            <PlanCard
              plan={p}
              interval={interval}
              current={isSeller && user.planId === p.id && !needsPlan}
              action={actionOf(p)}
            />
          </Col>
        ))}
      </Row>
      <RequestDemoModal open={demoOpen} user={user} onClose={() => setDemoOpen(false)} />
      <AddCardNow
        setup={chosen?.setup ?? null}
        plan={chosen?.plan ?? null}
        type={interval === 'year' && chosen?.plan.yearly_price !== null ? 'year' : 'month'}
        onClose={() => {
          setChosen(null);
          navigate(lp('/account/plan'));
        }}
      />
    </div>
  );
}
