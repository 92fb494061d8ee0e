import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useLocalePath } from '../../app/useLocale';
import { ButtonLink } from '../../components/ButtonLink';
import { ApiError } from '../../lib/api';
import { useCheckPaymentStatus, useCompleteSetup } from './api';
import { clearSetupRecord, readSetupRecord, type SetupRecord } from './setupRecord';

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string; retry: boolean };

/**
 * /billing/return: where the provider's registration page sends the seller back. A plan choice is
 * completed with check-payment-status, a new payment method with add-payment-method-from-…; then
 * My Plan (or the dashboard after sign-up).
 */
export default function BillingReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const check = useCheckPaymentStatus();
  const complete = useCompleteSetup();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  const intent = params.get('setup_intent') ?? '';
  const secret = params.get('setup_intent_client_secret') ?? '';
  const redirectStatus = params.get('redirect_status');

  const finish = (record: SetupRecord | null) =>
    navigate(lp(record?.returnTo === 'registration' ? '/dashboard' : '/account/plan'), { replace: true });

  const run = () => {
    const record = readSetupRecord();
    setOutcome({ kind: 'working' });
    if (redirectStatus === 'failed' || !intent || !secret) {
      setOutcome({ kind: 'failed', message: t('billingReturn.failed'), retry: false });
      return;
    }
    // a payment not confirmed yet (authentication still running) may be confirmed on a retry
    const onError = (e: unknown) => setOutcome({ kind: 'failed', message: errorText(t, e), retry: true });
    if (record?.purpose === 'subscribe' && record.planId) {
      check.mutate(
        {
          paymentIntent: intent,
          paymentIntentSecret: secret,
          planId: record.planId,
          type: record.type ?? 'month',
        },
        {
          onSuccess: (r) => {
            if (r.status === 'trialing' || r.status === 'active') {
              clearSetupRecord();
              toast('success', t('billingReturn.planSaved', { plan: r.subscription.plan_name }));
              finish(record);
            } else onError(new ApiError('card_declined', t('errors.card_declined')));
          },
          onError,
        },
      );
      return;
    }
    complete.mutate(
      {
        setupIntent: intent,
        setupIntentSecret: secret,
        afterRegistration: record?.returnTo === 'registration',
      },
      {
        onSuccess: () => {
          clearSetupRecord();
          toast('success', t('billingReturn.methodSaved'));
          finish(record);
        },
        onError,
      },
    );
  };

  // one completion per visit, even when React runs effects twice
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the address it was opened at
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, []);

  return (
    <div data-testid="billing-return" style={{ maxWidth: 640 }}>
      <Typography.Title level={1}>{t('billingReturn.title')}</Typography.Title>
      {outcome.kind === 'working' ? (
        <Card>
          <Space>
            <Spin />
            <span data-testid="billing-return-working">{t('billingReturn.working')}</span>
          </Space>
        </Card>
      ) : (
        <Alert
          type="error"
          showIcon
          title={outcome.message}
          data-testid="billing-return-error"
          action={
            <Space orientation="vertical">
              {outcome.retry && (
                <Button size="small" onClick={run} data-testid="billing-return-retry">
                  {t('billingReturn.retry')}
                </Button>
              )}
              <ButtonLink size="small" to="/account/plan" data-testid="billing-return-plan">
                {t('billingReturn.backToPlan')}
              </ButtonLink>
            </Space>
          }
        />
      )}
    </div>
  );
}
