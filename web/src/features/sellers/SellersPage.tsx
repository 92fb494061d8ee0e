import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros, formatPercent } from '../../app/format';
import { LocaleLink, useLocale } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { countryOptions } from '../countries/api';
import {
  findSellers,
  SELLERS_DEFAULTS,
  sellerName,
  type TSellerRow,
  useSellerFilters,
  useSellers,
} from './api';
import { SellerRowActions } from './SellerActionsMenu';
import { type SellersFilter, SellersFilters } from './SellersFilters';
import { useSellerActions } from './useSellerActions';

/** The subscription's end, and a tag once it ended. */
function SubscriptionEnd({ seller }: { seller: TSellerRow }) {
  const { t } = useTranslation();
  const ended = seller.subscription_status === 'unsubscribed';
  return (
    <Space size={4} wrap>
      <span>{formatDate(seller.subscription_end) || '—'}</span>
      {ended && <Tag data-testid={`seller-unsubscribed-${seller.id}`}>{t('myPlan.status.unsubscribed')}</Tag>}
    </Space>
  );
}

/**
 * /sellers (admin): every seller with sessions, shoppers, orders and revenue, and the admin's
 * actions: log in as them, their percent and its history, unsubscribe them, their page.
 */
export default function SellersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useListParams(SELLERS_DEFAULTS);
  const sellers = useSellers(list.params);
  const filters = useSellerFilters();
  const actions = useSellerActions();

  const columns = useMemo<ColumnsType<TSellerRow>>(
    () => [
      {
        // sorting by seller sorts by first name
        key: 'first_name',
        width: 170,
        title: t('sellers.seller'),
        sorter: true,
        render: (_: unknown, s) => (
          <div>
            <LocaleLink to={`/sellers/${s.id}`} data-testid={`seller-link-${s.id}`}>
              {sellerName(s)}
            </LocaleLink>
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: true }}
              style={{ display: 'block', maxWidth: 155 }}
            >
              {[s.company_name, s.email].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        ),
      },
      {
        key: 'transaction_percent',
        dataIndex: 'transaction_percent',
        title: t('sellers.percent'),
        align: 'right',
        width: 105,
        render: (v: number | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatPercent(v) || '—'}</span>,
      },
      {
        key: 'total_sessions',
        width: 85,
        dataIndex: 'total_sessions',
        title: t('sellers.sessions'),
        sorter: true,
        align: 'right',
      },
      {
        key: 'total_buyers',
        width: 85,
        dataIndex: 'total_buyers',
        title: t('sellers.buyers'),
        sorter: true,
        align: 'right',
      },
      {
        key: 'total_orders',
        width: 115,
        dataIndex: 'total_orders',
        title: t('sellers.orders'),
        sorter: true,
        align: 'right',
      },
      {
        key: 'total_amount',
        width: 110,
        dataIndex: 'total_amount',
        title: t('sellers.revenue'),
        sorter: true,
        align: 'right',
        render: (v: number) => formatEuros(v),
      },
      {
        key: 'created_at',
        width: 105,
        dataIndex: 'created_at',
        title: t('sellers.createdAt'),
        sorter: true,
        render: (v: string) => formatDate(v),
      },
      {
        key: 'subscription_end',
        width: 140,
        dataIndex: 'subscription_end',
        title: t('sellers.subscriptionEnd'),
        sorter: true,
        render: (_: unknown, s) => <SubscriptionEnd seller={s} />,
      },
      {
        // SPEC §3's login-as column, with the seller's other actions in a menu beside it
        key: 'login_as',
        width: 175,
        title: t('sellers.loginAs'),
        fixed: 'right',
        render: (_: unknown, s) => <SellerRowActions seller={s} actions={actions} />,
      },
    ],
    [t, actions],
  );

  const card = (s: TSellerRow) => (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <LocaleLink to={`/sellers/${s.id}`} data-testid={`seller-link-${s.id}`}>
        <strong>{sellerName(s)}</strong>
      </LocaleLink>
      <Typography.Text type="secondary">
        {[s.company_name, s.email].filter(Boolean).join(' · ')}
      </Typography.Text>
      <span>
        {t('common.pair', {
          label: t('sellers.percent'),
          value: formatPercent(s.transaction_percent) || '—',
        })}
      </span>
      <span>
        {t('common.pair', { label: t('sellers.orders'), value: s.total_orders })} ·{' '}
        {t('common.pair', { label: t('sellers.revenue'), value: formatEuros(s.total_amount) })}
      </span>
      <Space size={4} wrap>
        {t('common.pair', {
          label: t('sellers.subscriptionEnd'),
          value: formatDate(s.subscription_end) || '—',
        })}
        {s.subscription_status === 'unsubscribed' && <Tag>{t('myPlan.status.unsubscribed')}</Tag>}
      </Space>
      <SellerRowActions seller={s} actions={actions} />
    </Space>
  );

  return (
    <div data-testid="sellers-page">
      <Typography.Title level={1}>{t('sellers.title')}</Typography.Title>
      {sellers.isPending && <FullScreenLoader />}
      <DataTable<TSellerRow>
        list={list}
        data={sellers.data}
        loading={sellers.isFetching}
        columns={columns}
        rowKey="id"
        testId="sellers-table"
        rowTestId={(s) => `seller-row-${s.id}`}
        searchable
        size="middle"
        phoneCard={card}
        filters={
          <SellersFilters
            value={list.params.filter as SellersFilter}
            countries={countryOptions(filters.data?.countries ?? [], locale)}
            findSellers={findSellers}
            onApply={(f) => list.setFilter({ ...f })}
            onReset={list.reset}
          />
        }
      />
      {actions.modals}
    </div>
  );
}
