import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros } from '../../app/format';
import { useLocale } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { countryOptions } from '../countries/api';
import { findSellers, SELLERS_DEFAULTS, type TSellerRow, useSellerFilters, useSellers } from './api';
import { type SellersFilter, SellersFilters } from './SellersFilters';

/** /sellers (admin): every seller with sessions, shoppers, orders and revenue. */
export default function SellersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useListParams(SELLERS_DEFAULTS);
  const sellers = useSellers(list.params);
  const filters = useSellerFilters();

  const columns = useMemo<ColumnsType<TSellerRow>>(
    () => [
      {
        // sorting by seller sorts by first name
        key: 'first_name',
        title: t('sellers.seller'),
        sorter: true,
        render: (_: unknown, s) => (
          <div>
            <div>{[s.first_name, s.last_name].filter(Boolean).join(' ') || s.email}</div>
            <Typography.Text type="secondary">
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
        render: (v: number | null) => (v === null ? '—' : `${v} %`),
      },
      {
        key: 'total_sessions',
        dataIndex: 'total_sessions',
        title: t('sellers.sessions'),
        sorter: true,
        align: 'right',
      },
      {
        key: 'total_buyers',
        dataIndex: 'total_buyers',
        title: t('sellers.buyers'),
        sorter: true,
        align: 'right',
      },
      {
        key: 'total_orders',
        dataIndex: 'total_orders',
        title: t('sellers.orders'),
        sorter: true,
        align: 'right',
      },
      {
        key: 'total_amount',
        dataIndex: 'total_amount',
        title: t('sellers.revenue'),
        sorter: true,
        align: 'right',
        render: (v: number) => formatEuros(v),
      },
      {
        key: 'created_at',
        dataIndex: 'created_at',
        title: t('sellers.createdAt'),
        sorter: true,
        render: (v: string) => formatDate(v),
      },
      {
        key: 'subscription_end',
        dataIndex: 'subscription_end',
        title: t('sellers.subscriptionEnd'),
        sorter: true,
        render: (v: string | null) => formatDate(v) || '—',
      },
    ],
    [t],
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
    </div>
  );
}
