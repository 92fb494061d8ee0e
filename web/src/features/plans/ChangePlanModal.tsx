import { Alert, type ButtonProps, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../app/format';
import { toast } from '../../app/notify';
import { useLocale } from '../../app/useLocale';
import { type TPaymentPlan, type TSubscription, useChangePlan, usePaymentPlans } from './api';
import { PlanPrice } from './PricingPage';

/** When a change to `plan` takes effect for this subscription. */
export function changeTiming(sub: TSubscription, current: TPaymentPlan | undefined, plan: TPaymentPlan) {
  if (plan.on_request || plan.price === null) return 'request' as const;
  if (sub.status === 'trialing') return 'trial' as const;
  if (current?.price != null && plan.price < current.price) return 'period_end' as const;
  return 'now' as const;
}

/** The change-subscription modal (SPEC §2): the plans and when the chosen one takes effect. */
export function ChangePlanModal({
  subscription,
  onClose,
}: {
  subscription: TSubscription;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const plans = usePaymentPlans();
  const change = useChangePlan(locale);
  const [planId, setPlanId] = useState<number | null>(null);
  const items = (plans.data?.items ?? []).filter((p) => p.active);
  const current = items.find((p) => p.id === subscription.plan_id);
  const chosen = items.find((p) => p.id === planId);
  const timing = chosen ? changeTiming(subscription, current, chosen) : null;
  const periodEnd = formatDate(subscription.current_period_end ?? subscription.trial_end);

  const submit = () => {
    if (!chosen) return;
    change.mutate(
      { planId: chosen.id, type: subscription.interval },
      {
        onSuccess: (r) => {
          if (r.effective === 'request') toast('info', t('myPlan.change.msgRequest'));
          else if (r.effective === 'period_end')
            toast('success', t('myPlan.change.atPeriodEndDone', { plan: chosen.name, date: periodEnd }));
          else toast('success', t('myPlan.change.nowDone', { plan: chosen.name }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('myPlan.change.title')}
      onCancel={onClose}
      onOk={submit}
      okText={timing === 'request' ? t('myPlan.change.request') : t('myPlan.change.confirm')}
      okButtonProps={
        { disabled: !chosen, loading: change.isPending, 'data-testid': 'change-plan-ok' } as ButtonProps
      }
      cancelText={t('common.cancel')}
      data-testid="change-plan-modal"
    >
      <Radio.Group
        value={planId}
        onChange={(e) => setPlanId(e.target.value)}
        style={{ width: '100%' }}
        data-testid="change-plan-options"
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {items.map((p) => (
            <Radio
              key={p.id}
              value={p.id}
              disabled={p.id === subscription.plan_id}
              data-testid={`change-plan-${p.code}`}
            >
              <Typography.Text strong>{p.name}</Typography.Text> ·{' '}
              <PlanPrice plan={p} interval={subscription.interval} />
              {p.percent !== null && ` ${t('pricing.percentOfSales', { percent: p.percent })}`}
              {p.id === subscription.plan_id && ` (${t('pricing.current')})`}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {timing && (
        <Alert
          style={{ marginTop: 16 }}
          type={timing === 'period_end' ? 'warning' : 'info'}
          showIcon
          data-testid="change-plan-timing"
          title={
            timing === 'request'
              ? t('myPlan.change.whenRequest')
              : timing === 'trial'
                ? t('myPlan.change.whenTrial')
                : timing === 'period_end'
                  ? t('myPlan.change.whenPeriodEnd', { date: periodEnd })
                  : t('myPlan.change.whenNow')
          }
        />
      )}
    </Modal>
  );
}
