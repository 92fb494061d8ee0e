import type { TPaymentProviderName } from '@livecart/contract/payments';
import { Alert, Button, Card, Input, Space, Switch, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText, tDynamic } from '../../app/i18n';
import { toast } from '../../app/notify';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import {
  type TPaymentMethod,
  useChangeMethodStatuses,
  useDisconnectProvider,
  useEnableSandbox,
  usePaymentMethods,
  usePaymentSettings,
  useSaveMollieKey,
  useStripeConnect,
} from './api';
import { methodLabel } from './labels';

/** The on/off switches of one provider's methods; a method whose provider is not connected stays off. */
function MethodSwitches({
  methods,
  draft,
  onToggle,
}: {
  methods: TPaymentMethod[];
  draft: Record<number, boolean>;
  onToggle: (id: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  if (methods.length === 0)
    return <Typography.Text type="secondary">{t('paymentSettings.noMethods')}</Typography.Text>;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {methods.map((m) => {
        const on = draft[m.id] ?? m.status;
        return (
          <Space key={m.id} style={{ justifyContent: 'space-between', width: '100%' }}>
            <span>{methodLabel(t, m.method)}</span>
            <Switch
              checked={on}
              disabled={!on && !m.can_activate}
              onChange={(v) => onToggle(m.id, v)}
              aria-label={methodLabel(t, m.method)}
              data-testid={`payment-method-switch-${m.provider}-${m.method}`}
            />
          </Space>
        );
      })}
    </Space>
  );
}

function ProviderCard({
  title,
  testId,
  children,
}: {
  title: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card title={title} data-testid={testId} style={{ marginBottom: 16 }}>
      {children}
    </Card>
  );
}

/**
 * /payment-setting (seller): the seller's own payment accounts and the methods offered at checkout.
 * Sandbox (test payments without real money), Mollie with the seller's API key (checked with a
 * test call when saved, shown masked afterwards), Stripe through Connect; one Save for the switches.
 */
export default function PaymentSettingsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const methods = usePaymentMethods();
  const settings = usePaymentSettings();
  const change = useChangeMethodStatuses();
  const saveKey = useSaveMollieKey();
  const disconnect = useDisconnectProvider();
  const connect = useStripeConnect();
  const enableSandbox = useEnableSandbox();
  const [draft, setDraft] = useState<Record<number, boolean>>({});
  const [apiKey, setApiKey] = useState('');

  // back from Stripe's OAuth page: ?stripe=connected or ?stripe=error&error=<code>
  useEffect(() => {
    const outcome = search.get('stripe');
    if (!outcome) return;
    if (outcome === 'connected') toast('success', t('paymentSettings.stripeConnected'));
    else {
      const code = search.get('error') ?? 'payment_provider_error';
      toast('error', tDynamic(t, `errors.${code}`, t('errors.payment_provider_error')));
    }
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('stripe');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [search, setSearch, t]);

  const byProvider = useMemo(() => {
    const groups: Record<TPaymentProviderName, TPaymentMethod[]> = { sandbox: [], mollie: [], stripe: [] };
    for (const m of methods.data ?? []) groups[m.provider]?.push(m);
    return groups;
  }, [methods.data]);

  const changed = (methods.data ?? []).filter((m) => draft[m.id] !== undefined && draft[m.id] !== m.status);
  const toggle = (id: number, on: boolean) => setDraft((d) => ({ ...d, [id]: on }));

  const save = () => {
    const items = (methods.data ?? []).map((m) => ({ id: m.id, status: draft[m.id] ?? m.status }));
    if (items.length === 0) return;
    change.mutate(items, {
      onSuccess: () => {
        setDraft({});
        toast('success', t('paymentSettings.saved'));
      },
    });
  };

  const saveMollie = () => {
    const key = apiKey.trim();
    if (!key) return;
    saveKey.mutate(key, {
      onSuccess: () => {
        setApiKey('');
        toast('success', t('paymentSettings.mollieSaved'));
      },
    });
  };

  const s = settings.data;
  const switches = (p: TPaymentProviderName) => (
    <MethodSwitches methods={byProvider[p]} draft={draft} onToggle={toggle} />
  );

  return (
    <div data-testid="payment-settings-page" style={{ maxWidth: 760 }}>
      <Typography.Title level={1}>{t('paymentSettings.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('paymentSettings.intro')}</Typography.Paragraph>
      {(methods.isPending || settings.isPending) && <FullScreenLoader />}

      {s?.sandbox.available !== false && (
        <ProviderCard title={t('paymentSettings.sandboxTitle')} testId="payment-provider-sandbox">
          <Alert type="info" showIcon title={t('paymentSettings.sandboxHelp')} style={{ marginBottom: 12 }} />
          {methods.data && byProvider.sandbox.length === 0 ? (
            <Button
              onClick={() =>
                enableSandbox.mutate(undefined, {
                  onSuccess: () => toast('success', t('paymentSettings.saved')),
                })
              }
              loading={enableSandbox.isPending}
              data-testid="sandbox-enable"
            >
              {t('paymentSettings.sandboxEnable')}
            </Button>
          ) : (
            switches('sandbox')
          )}
        </ProviderCard>
      )}

      <ProviderCard
        title={
          <Space>
            {t('payments.providers.mollie')}
            {s?.mollie.connected && <Tag color="green">{t('paymentSettings.connected')}</Tag>}
          </Space>
        }
        testId="payment-provider-mollie"
      >
        <Typography.Paragraph type="secondary">{t('paymentSettings.mollieHelp')}</Typography.Paragraph>
        {s?.mollie.connected && (
          <Typography.Paragraph data-testid="mollie-key-saved">
            {t('paymentSettings.savedKey')} <Typography.Text code>{s.mollie.credentials}</Typography.Text>
            {s.mollie.account_label && <> · {s.mollie.account_label}</>}
          </Typography.Paragraph>
        )}
        <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
          <Input.Password
            value={apiKey}
            onChange={(e) => {
              setApiKey(e.target.value);
              if (saveKey.isError) saveKey.reset();
            }}
            placeholder={s?.mollie.credentials ?? 'live_…'}
            autoComplete="off"
            aria-label={t('paymentSettings.mollieKey')}
            data-testid="mollie-key-input"
          />
          <Button
            type="primary"
            onClick={saveMollie}
            loading={saveKey.isPending}
            disabled={!apiKey.trim()}
            data-testid="mollie-key-save"
          >
            {t('paymentSettings.checkAndSave')}
          </Button>
        </Space.Compact>
        {saveKey.isError && (
          <Alert
            type="error"
            showIcon
            title={errorText(t, saveKey.error)}
            style={{ marginBottom: 8 }}
            data-testid="mollie-key-error"
          />
        )}
        {s?.mollie.connected && (
          <Button
            danger
            size="small"
            onClick={() => disconnect.mutate('mollie')}
            loading={disconnect.isPending && disconnect.variables === 'mollie'}
            style={{ marginBottom: 12 }}
            data-testid="mollie-disconnect"
          >
            {t('paymentSettings.disconnect')}
          </Button>
        )}
        {switches('mollie')}
      </ProviderCard>

      <ProviderCard
        title={
          <Space>
            {t('payments.providers.stripe')}
            {s?.stripe.connected && <Tag color="green">{t('paymentSettings.connected')}</Tag>}
          </Space>
        }
        testId="payment-provider-stripe"
      >
        <Typography.Paragraph type="secondary">{t('paymentSettings.stripeHelp')}</Typography.Paragraph>
        {s?.stripe.connected ? (
          <Space style={{ marginBottom: 12 }} wrap>
            <span data-testid="stripe-account">
              {t('paymentSettings.stripeAccount')}{' '}
              <Typography.Text strong>{s.stripe.account_label ?? s.stripe.credentials}</Typography.Text>
            </span>
            <Button
              danger
              size="small"
              onClick={() => disconnect.mutate('stripe')}
              loading={disconnect.isPending && disconnect.variables === 'stripe'}
              data-testid="stripe-disconnect"
            >
              {t('paymentSettings.disconnect')}
            </Button>
          </Space>
        ) : s && !s.stripe.available ? (
          <Alert
            type="warning"
            showIcon
            title={t('paymentSettings.stripeUnavailable')}
            style={{ marginBottom: 12 }}
            data-testid="stripe-unavailable"
          />
        ) : (
          <Button
            type="primary"
            onClick={() => connect.mutate()}
            loading={connect.isPending}
            style={{ marginBottom: 12 }}
            data-testid="stripe-connect"
          >
            {t('paymentSettings.stripeConnect')}
          </Button>
        )}
        {switches('stripe')}
      </ProviderCard>

      <Space>
        <Button
          type="primary"
          onClick={save}
          loading={change.isPending}
          disabled={!methods.data?.length}
          data-testid="payment-methods-save"
        >
          {t('common.save')}
        </Button>
        {changed.length > 0 && (
          <Typography.Text type="secondary" data-testid="payment-methods-unsaved">
            {t('paymentSettings.unsaved', { count: changed.length })}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
