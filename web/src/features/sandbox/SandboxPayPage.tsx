import type { TSandboxPayment, TSandboxSettleBody, TSandboxSettleResult } from '@livecart/contract/checkout';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { formatEuros } from '../../app/format';
import { errorText, tDynamic } from '../../app/i18n';
import { api, isApiError } from '../../lib/api';
import { leaveTo } from '../checkout/leave';
import { CheckoutSkeleton, Shell, StatusCard } from '../checkout/Shell';

type Outcome = TSandboxSettleBody['outcome'];

const OUTCOMES: { outcome: Outcome; testId: string; className: string }[] = [
  { outcome: 'paid', testId: 'sandbox-pay', className: 'co-btn' },
  { outcome: 'failed', testId: 'sandbox-fail', className: 'co-btn co-btn-danger' },
  { outcome: 'canceled', testId: 'sandbox-cancel', className: 'co-btn co-btn-light' },
];

/**
 * /sandbox/pay/{paymentId}: the embedded provider's hosted payment page. No real money: the
 * shopper picks the outcome, the server settles the payment and calls the webhook, and the
 * browser goes back to the checkout with `hash` and `type`.
 */
export default function SandboxPayPage() {
  const { t } = useTranslation();
  const { paymentId = '' } = useParams();
  // the page's secret from the provider's redirect URL: the server shows and settles nothing without it
  const [search] = useSearchParams();
  const k = search.get('k') ?? '';
  const [leaving, setLeaving] = useState(false);
  const payment = useQuery({
    queryKey: ['sandbox-payment', paymentId],
    queryFn: ({ signal }) =>
      api.get<TSandboxPayment>(`/sandbox/payments/${encodeURIComponent(paymentId)}`, { k }, { signal }),
    meta: { silent: true },
    retry: false,
  });
  const settle = useMutation({
    mutationFn: (outcome: Outcome) =>
      api.post<TSandboxSettleResult>(
        `/sandbox/payments/${encodeURIComponent(paymentId)}`,
        { outcome },
        { query: { k } },
      ),
    onSuccess: (r) => {
      setLeaving(true);
      leaveTo(r.redirectUrl);
    },
    meta: { silent: true },
  });

  let body: ReactNode;
  if (payment.isPending) body = <CheckoutSkeleton />;
  else if (payment.isError) {
    const missing = isApiError(payment.error) && payment.error.status === 404;
    body = (
      <StatusCard
        kind="bad"
        testId={missing ? 'sandbox-not-found' : 'sandbox-error'}
        title={missing ? t('errors.not_found') : errorText(t, payment.error)}
      />
    );
  } else {
    const p = payment.data;
    const open = p.status === 'open' || p.status === 'pending';
    body = (
      <section className="co-card" data-testid="sandbox-payment">
        <h1 className="co-sandbox-banner" style={{ fontSize: 18 }}>
          {t('sandboxPay.title')}
        </h1>
        <p className="co-muted">{t('sandboxPay.intro')}</p>
        <div className="co-sum">
          <span>{t('sandboxPay.merchant')}</span>
          <strong data-testid="sandbox-merchant">{p.merchant}</strong>
        </div>
        <div className="co-sum">
          <span>{t('sandboxPay.order')}</span>
          <strong data-testid="sandbox-order">{p.order_number}</strong>
        </div>
        {p.method && (
          <div className="co-sum">
            <span>{t('sandboxPay.method')}</span>
            <span>{tDynamic(t, `checkout.method.${p.method}`, p.method)}</span>
          </div>
        )}
        <div className="co-sum co-sum-total">
          <span>{t('sandboxPay.amount')}</span>
          <span className="co-amount" data-testid="sandbox-amount">
            {formatEuros(p.amount)}
          </span>
        </div>
        {settle.isError && (
          <div className="co-alert co-alert-error" role="alert" data-testid="sandbox-error">
            {errorText(t, settle.error)}
          </div>
        )}
        {open ? (
          <div className="co-stack" style={{ marginTop: 16 }}>
            {OUTCOMES.map((o) => (
              <button
                key={o.outcome}
                type="button"
                className={o.className}
                disabled={settle.isPending || leaving}
                onClick={() => settle.mutate(o.outcome)}
                data-testid={o.testId}
              >
                {t(`sandboxPay.${o.outcome}`)}
              </button>
            ))}
          </div>
        ) : (
          <div style={{ marginTop: 16 }}>
            <p data-testid="sandbox-settled">
              {t('sandboxPay.settled', { status: t(`sandboxPay.status.${p.status}`) })}
            </p>
            <a className="co-btn co-btn-light" href={p.returnUrl} data-testid="sandbox-back">
              {t('sandboxPay.back')}
            </a>
          </div>
        )}
      </section>
    );
  }

  return (
    <Shell title={t('sandboxPay.brand')} testId="sandbox-page">
      {body}
    </Shell>
  );
}
