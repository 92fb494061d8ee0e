import { EditOutlined, InfoCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { SUBSCRIPTION_STATUSES } from '@livecart/contract/constants';
import { Alert, Button, Card, Descriptions, Drawer, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { usePaymentPlans } from '../plans/api';
import { type TPaymentPlan, type TProviderPrice, usePlanInfo, useProviderPrices, useSyncPlans } from './api';
import { PlanEditDrawer } from './PlanEditDrawer';

const priceText = (v: number | null, onRequest: string) => (v === null ? onRequest : formatEuros(v));

/** Subscribers of one plan per status, and how many still pay an older price. */
function PlanInfoDrawer({ planId, onClose }: { planId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const info = usePlanInfo(planId);
  return (
    <Drawer
      open={planId !== null}
      onClose={onClose}
      size={isPhone ? '100%' : 480}
      title={info.data ? t('paymentPlans.infoTitle', { plan: info.data.plan.name }) : t('paymentPlans.info')}
      loading={info.isPending}
      data-testid="plan-info-drawer"
    >
      {info.data && (
        <Descriptions column={1} size="small" bordered>
          {SUBSCRIPTION_STATUSES.map((s) => (
            <Descriptions.Item key={s} label={t(`myPlan.status.${s}`)}>
              <span data-testid={`plan-info-${s}`}>{info.data.subscribers[s] ?? 0}</span>
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('paymentPlans.atOlderPrice')}>
            {info.data.at_older_price}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

/** The prices at the billing provider, the current one of each plan and interval marked. */
function ProviderPrices({ items, loading }: { items: TProviderPrice[]; loading: boolean }) {
  const { t } = useTranslation();
  const columns: ColumnsType<TProviderPrice> = [
    {
      key: 'id',
      title: t('paymentPlans.priceId'),
      render: (_v, p) => <Typography.Text code>{p.id}</Typography.Text>,
    },
    { key: 'plan', title: t('paymentPlans.plan'), render: (_v, p) => p.plan_code ?? '—' },
    {
      key: 'interval',
      title: t('paymentPlans.interval'),
      render: (_v, p) => t(`paymentPlans.every.${p.interval}`),
    },
    {
      key: 'amount',
      title: t('paymentPlans.amount'),
      align: 'right',
      render: (_v, p) => formatEuros(p.amount),
    },
    {
      key: 'state',
      title: t('paymentPlans.state'),
      render: (_v, p) => (
        <Space wrap>
          {p.current && <Tag color="green">{t('paymentPlans.current')}</Tag>}
          {!p.active && <Tag>{t('paymentPlans.archived')}</Tag>}
        </Space>
      ),
    },
  ];
  return (
    <Table<TProviderPrice>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('paymentPlans.noProviderPrices') }}
      data-testid="provider-prices"
    />
  );
}

/** /payment-plans (admin): the plans, their prices at the provider, sync and subscribers. */
export default function PaymentPlansPage() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const plans = usePaymentPlans();
  const [tab, setTab] = useState('plans');
  const provider = useProviderPrices(true);
  const sync = useSyncPlans();
  const [editing, setEditing] = useState<TPaymentPlan | null>(null);
  const [info, setInfo] = useState<number | null>(null);
  const items = plans.data?.items ?? [];
  const onRequest = t('pricing.onRequest');

  const runSync = () =>
    sync.mutate(undefined, {
      onSuccess: (r) =>
        r.success
          ? toast('success', t('paymentPlans.synced'))
          : toast('error', r.message || t('errors.sync_fail')),
      // the server's words, else 'Sync fail' (SPEC §8)
      onError: (e) => toast('error', errorText(t, e) || t('errors.sync_fail')),
    });

  const providerIds = (p: TPaymentPlan): string => {
    const ids = (provider.data ?? []).filter((x) => x.plan_code === p.code && x.current).map((x) => x.id);
    return ids.join(', ');
  };

  const actions = (p: TPaymentPlan): ReactNode => (
    <Space wrap>
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => setEditing(p)}
        data-testid={`plan-edit-${p.code}`}
      >
        {t('paymentPlans.edit')}
      </Button>
      <Button
        size="small"
        icon={<InfoCircleOutlined />}
        onClick={() => setInfo(p.id)}
        data-testid={`plan-info-${p.code}`}
      >
        {t('paymentPlans.info')}
      </Button>
    </Space>
  );
  const activeTag = (p: TPaymentPlan) =>
    p.active ? <Tag color="green">{t('paymentPlans.yes')}</Tag> : <Tag>{t('paymentPlans.no')}</Tag>;

  const columns: ColumnsType<TPaymentPlan> = [
    { key: 'name', title: t('paymentPlans.name'), render: (_v, p) => <strong>{p.name}</strong> },
    {
      key: 'monthly',
      title: t('paymentPlans.monthly'),
      align: 'right',
      render: (_v, p) => priceText(p.price, onRequest),
    },
    {
      key: 'yearly',
      title: t('paymentPlans.yearly'),
      align: 'right',
      render: (_v, p) => (p.yearly_price === null ? '—' : formatEuros(p.yearly_price)),
    },
    {
      key: 'percent',
      title: t('paymentPlans.percent'),
      align: 'right',
      render: (_v, p) => (p.percent === null ? '—' : `${p.percent} %`),
    },
    {
      key: 'features',
      title: t('paymentPlans.features'),
      align: 'right',
      render: (_v, p) => (
        <span data-testid={`plan-features-count-${p.code}`} data-count={p.features.length}>
          {p.features.length}
        </span>
      ),
    },
    { key: 'active', title: t('paymentPlans.active'), render: (_v, p) => activeTag(p) },
    {
      key: 'provider',
      title: t('paymentPlans.providerIds'),
      render: (_v, p) => {
        const ids = providerIds(p);
        return ids ? <Typography.Text code>{ids}</Typography.Text> : '—';
      },
    },
    { key: 'actions', title: t('paymentPlans.actions'), render: (_v, p) => actions(p) },
  ];

  const planList = isPhone ? (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="payment-plans-table">
      {items.map((p) => (
        <Card
          key={p.id}
          size="small"
          title={p.name}
          extra={activeTag(p)}
          data-testid={`payment-plan-row-${p.code}`}
        >
          <div>
            {t('common.pair', { label: t('paymentPlans.monthly'), value: priceText(p.price, onRequest) })}
          </div>
          {p.yearly_price !== null && (
            <div>
              {t('common.pair', { label: t('paymentPlans.yearly'), value: formatEuros(p.yearly_price) })}
            </div>
          )}
          {p.percent !== null && (
            <div>{t('common.pair', { label: t('paymentPlans.percent'), value: `${p.percent} %` })}</div>
          )}
          <div
            style={{ marginBottom: 8 }}
            data-testid={`plan-features-count-${p.code}`}
            data-count={p.features.length}
          >
            {t('common.pair', { label: t('paymentPlans.features'), value: p.features.length })}
          </div>
          {actions(p)}
        </Card>
      ))}
    </Space>
  ) : (
    <Table<TPaymentPlan>
      rowKey="id"
      columns={columns}
      dataSource={items}
      pagination={false}
      onRow={(p) => ({ 'data-testid': `payment-plan-row-${p.code}` }) as React.HTMLAttributes<HTMLElement>}
      data-testid="payment-plans-table"
    />
  );

  return (
    <div data-testid="payment-plans-page" style={{ maxWidth: 1200 }}>
      <Typography.Title level={1}>{t('paymentPlans.title')}</Typography.Title>
      <Alert type="info" showIcon title={t('paymentPlans.appliesTo')} style={{ marginBottom: 16 }} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Button
          icon={<SyncOutlined />}
          loading={sync.isPending}
          onClick={runSync}
          data-testid="payment-plans-sync"
        >
          {t('paymentPlans.sync')}
        </Button>
        {plans.data && (
          <Typography.Text type="secondary" data-testid="payment-plans-provider">
            {t('paymentPlans.provider', { provider: plans.data.settings.provider })}
          </Typography.Text>
        )}
      </Space>
      {plans.isPending && <FullScreenLoader />}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'plans', label: t('paymentPlans.tabPlans'), children: planList },
          {
            key: 'provider',
            label: <span data-testid="payment-plans-tab-provider">{t('paymentPlans.tabProvider')}</span>,
            children: <ProviderPrices items={provider.data ?? []} loading={provider.isFetching} />,
          },
        ]}
      />
      <PlanEditDrawer plan={editing} onClose={() => setEditing(null)} />
      <PlanInfoDrawer planId={info} onClose={() => setInfo(null)} />
    </div>
  );
}
