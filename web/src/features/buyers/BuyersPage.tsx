import { MessageOutlined } from '@ant-design/icons';
import type { TBuyerView } from '@livecart/contract/buyers';
import { ROLE } from '@livecart/contract/constants';
import { Button, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate, formatEuros } from '../../app/format';
import { useLocale } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { useSession } from '../auth/api';
import { countryOptions } from '../countries/api';
import { findSellers } from '../sellers/api';
import { BUYERS_DEFAULTS, refOf, type ShopperRef, type TBuyerRow, useBuyerFilters, useBuyers } from './api';
import { BlockedMessageModal } from './BlockedMessageModal';
import { BuyerDrawer } from './BuyerDrawer';
import { type BuyersFilter, BuyersFilters } from './BuyersFilters';
import { addressText, phoneText, shopperName } from './format';

const VIEWS: TBuyerView[] = ['clients', 'shoppers'];

/** The shopper's name, with a red tag when blocked; opens the detail. */
function NameButton({ row, onOpen }: { row: TBuyerRow; onOpen: (r: TBuyerRow) => void }) {
  const { t } = useTranslation();
  const name = shopperName(row);
  return (
    <span>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => onOpen(row)}
        aria-label={t('buyers.open', { name })}
        data-testid={`buyer-open-${row.key}`}
      >
        {name}
      </Button>{' '}
      {row.blocked && (
        <Tag color="red" data-testid="buyer-blocked-tag">
          {row.seller_id === null
            ? t('buyers.blockedSellers', { count: row.blocked_sellers ?? 0 })
            : t('buyers.blocked')}
        </Tag>
      )}
      {row.buyer_id === null && (
        <Typography.Text type="secondary" className="buyer-no-account">
          {t('buyers.noAccount')}
        </Typography.Text>
      )}
    </span>
  );
}

/** A row as a phone card: name, contact, figures. */
function BuyerCard({
  row,
  onOpen,
  isAdmin,
}: {
  row: TBuyerRow;
  onOpen: (r: TBuyerRow) => void;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="list-card-head">
        <NameButton row={row} onOpen={onOpen} />
        <strong>{formatEuros(row.total_spent)}</strong>
      </div>
      {isAdmin && row.seller_name && <Typography.Text type="secondary">{row.seller_name}</Typography.Text>}
      <div>
        <Typography.Text type="secondary">
          {[phoneText(row), addressText(row)].filter(Boolean).join(' · ') || '—'}
        </Typography.Text>
      </div>
      <div className="list-card-head">
        <span>{t('buyers.ordersShort', { count: row.orders_count })}</span>
        <span>{t('buyers.unpaidShort', { count: row.unpaid_carts })}</span>
      </div>
    </div>
  );
}

/**
 * /buyers (SPEC §2 Shoppers; admin's Clients and Shoppers): a seller's shoppers with what they
 * ordered and spent there, filters, sort and paging in the address, the detail in a drawer with
 * the block switch, and the message blocked shoppers get. Admin switches between Clients (a row
 * per seller and shopper) and Shoppers (the platform's accounts) with tabs kept in the address.
 */
export default function BuyersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useSession();
  const isAdmin = user?.role_id === ROLE.admin;
  const [search, setSearch] = useSearchParams();
  const view: TBuyerView = isAdmin && search.get('view') === 'shoppers' ? 'shoppers' : 'clients';
  const list = useListParams(BUYERS_DEFAULTS);
  const buyers = useBuyers(view, list.params);
  const filters = useBuyerFilters();
  const [open, setOpen] = useState<ShopperRef | null>(null);
  const [messageOpen, setMessageOpen] = useState(false);

  const onOpen = useCallback((r: TBuyerRow) => setOpen(refOf(r)), []);
  // another tab starts on its own first page, with its own filters and sort
  const selectView = (next: string) => setSearch(next === 'shoppers' ? { view: next } : {});

  const columns = useMemo<ColumnsType<TBuyerRow>>(() => {
    const cols: ColumnsType<TBuyerRow> = [
      {
        // sorting by shopper sorts by first name (SPEC §9)
        key: 'first_name',
        title: t('buyers.shopper'),
        sorter: true,
        render: (_: unknown, r) => <NameButton row={r} onOpen={onOpen} />,
      },
      {
        key: 'phone',
        title: t('buyers.phone'),
        render: (_: unknown, r) => phoneText(r) || '—',
      },
      {
        key: 'address',
        title: t('buyers.address'),
        render: (_: unknown, r) => addressText(r) || '—',
      },
      {
        key: 'orders_count',
        dataIndex: 'orders_count',
        title: t('buyers.ordersCount'),
        sorter: true,
        align: 'right',
      },
      {
        key: 'total_spent',
        dataIndex: 'total_spent',
        title: t('buyers.totalSpent'),
        sorter: true,
        align: 'right',
        render: (v: number) => formatEuros(v),
      },
      {
        key: 'unpaid_carts',
        dataIndex: 'unpaid_carts',
        title: t('buyers.unpaidCarts'),
        sorter: true,
        align: 'right',
        render: (v: number) => (v > 0 ? <Tag color="orange">{v}</Tag> : v),
      },
      {
        key: 'last_order_at',
        dataIndex: 'last_order_at',
        title: t('buyers.lastOrder'),
        sorter: true,
        render: (v: string | null) => formatDate(v) || '—',
      },
    ];
    if (isAdmin && view === 'clients') {
      cols.splice(1, 0, {
        key: 'seller_name',
        dataIndex: 'seller_name',
        title: t('buyers.seller'),
        sorter: true,
        render: (v: string | null) => v ?? '—',
      });
    }
    if (view === 'shoppers') {
      cols.splice(1, 0, { key: 'email', dataIndex: 'email', title: t('buyers.email') });
      cols.splice(5, 0, {
        key: 'sellers_count',
        dataIndex: 'sellers_count',
        title: t('buyers.sellersCount'),
        align: 'right',
      });
    }
    return cols;
  }, [t, isAdmin, view, onOpen]);

  const table = (
    <DataTable<TBuyerRow>
      list={list}
      data={buyers.data}
      loading={buyers.isFetching}
      columns={columns}
      rowKey="key"
      size="middle"
      testId="buyers-table"
      rowTestId={(r) => `buyer-row-${r.key}`}
      phoneCard={(r) => <BuyerCard row={r} onOpen={onOpen} isAdmin={isAdmin} />}
      emptyText={t('buyers.empty')}
      filters={
        <BuyersFilters
          value={list.params.filter as BuyersFilter}
          countries={countryOptions(filters.data?.countries ?? [], locale)}
          findSellers={isAdmin && view === 'clients' ? findSellers : undefined}
          onApply={(f) => list.setFilter({ ...f })}
          onReset={list.reset}
        />
      }
    />
  );

  return (
    <div data-testid="buyers-page">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1}>{isAdmin ? t('buyers.adminTitle') : t('buyers.title')}</Typography.Title>
        {!isAdmin && (
          <Button
            icon={<MessageOutlined />}
            onClick={() => setMessageOpen(true)}
            data-testid="blocked-message-open"
          >
            {t('buyers.messageButton')}
          </Button>
        )}
      </Space>
      {!isAdmin && <Typography.Paragraph type="secondary">{t('buyers.intro')}</Typography.Paragraph>}
      {buyers.isPending && <FullScreenLoader />}
      {isAdmin ? (
        <Tabs
          activeKey={view}
          onChange={selectView}
          items={VIEWS.map((v) => ({
            key: v,
            label: <span data-testid={`buyers-tab-${v}`}>{t(`buyers.view.${v}`)}</span>,
            children: v === view ? table : null,
          }))}
        />
      ) : (
        table
      )}
      <BuyerDrawer shopper={open} isAdmin={isAdmin} onClose={() => setOpen(null)} />
      {!isAdmin && <BlockedMessageModal open={messageOpen} onClose={() => setMessageOpen(false)} />}
    </div>
  );
}
