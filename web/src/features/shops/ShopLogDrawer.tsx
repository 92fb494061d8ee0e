import { RedoOutlined } from '@ant-design/icons';
import type { TShop, TShopLogEntry } from '@livecart/contract/shops';
import { Button, Drawer, Empty, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { SHOP_LOG_PAGE_SIZE, type TLogFilter, useRetryLog, useShopLog } from './api';
import { logSentence } from './logText';

const FILTERS: TLogFilter[] = ['all', 'failed', 'conflict'];
const STATUS_COLORS = { ok: 'green', failed: 'red', conflict: 'orange' } as const;

export interface ShopLogDrawerProps {
  /** The shop whose log is open; null: closed. */
  shop: TShop | null;
  filter: TLogFilter;
  page: number;
  onFilter: (filter: TLogFilter) => void;
  onPage: (page: number) => void;
  onClose: () => void;
}

/**
 * A shop's sync log, newest first: when, how it went, what moved in a sentence of the reader's
 * language, the platform's message of a failure and, for a failed push, a Retry.
 */
export function ShopLogDrawer({ shop, filter, page, onFilter, onPage, onClose }: ShopLogDrawerProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const id = shop?.id ?? null;
  const log = useShopLog(id, filter, page);
  const retry = useRetryLog();

  const runRetry = (entry: TShopLogEntry) => {
    if (id === null) return;
    retry.mutate({ id, logId: entry.id }, { onSuccess: () => toast('success', t('shopSync.log.retried')) });
  };

  const retryButton = (e: TShopLogEntry) =>
    e.can_retry && (
      <Button
        size="small"
        icon={<RedoOutlined />}
        loading={retry.isPending && retry.variables?.logId === e.id}
        onClick={() => runRetry(e)}
        data-testid={`shop-log-retry-${e.id}`}
      >
        {t('shopSync.log.retry')}
      </Button>
    );

  const event = (e: TShopLogEntry) => (
    <div
      style={phone ? { overflowWrap: 'anywhere' } : { minWidth: 280, maxWidth: 460, whiteSpace: 'normal' }}
    >
      <div data-testid={`shop-log-sentence-${e.id}`}>{logSentence(t, e)}</div>
      {e.platform_message && (
        <Typography.Text
          type="danger"
          style={{ fontSize: 12, overflowWrap: 'anywhere' }}
          data-testid={`shop-log-message-${e.id}`}
        >
          {t('shopSync.log.platformMessage', { message: e.platform_message })}
        </Typography.Text>
      )}
      {e.can_retry && <div style={{ marginTop: 6 }}>{retryButton(e)}</div>}
    </div>
  );

  const statusTag = (e: TShopLogEntry) => (
    <Tag color={STATUS_COLORS[e.status]} data-testid={`shop-log-status-${e.id}`}>
      {t(`shopSync.log.statusLabel.${e.status}`)}
    </Tag>
  );

  // a phone stacks each line in one cell (when, how, what, retry) instead of scrolling sideways
  const phoneColumns: ColumnsType<TShopLogEntry> = [
    {
      key: 'entry',
      title: t('shopSync.log.event'),
      render: (_, e) => (
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <Space size={8} wrap>
            <Typography.Text type="secondary">{formatDateTime(e.created_at)}</Typography.Text>
            {statusTag(e)}
          </Space>
          {event(e)}
        </Space>
      ),
    },
  ];

  const columns: ColumnsType<TShopLogEntry> = [
    {
      key: 'date',
      title: t('shopSync.log.date'),
      render: (_, e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</span>,
    },
    {
      key: 'status',
      title: t('shopSync.log.status'),
      render: (_, e) => statusTag(e),
    },
    { key: 'event', title: t('shopSync.log.event'), render: (_, e) => event(e) },
  ];

  return (
    <Drawer
      open={shop !== null}
      onClose={onClose}
      size={phone ? '100%' : 'large'}
      title={shop ? t('shopSync.log.title', { name: shop.name }) : ''}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="shop-log">
        <Segmented<TLogFilter>
          value={filter}
          onChange={onFilter}
          options={FILTERS.map((f) => ({
            value: f,
            label: <span data-testid={`shop-log-filter-${f}`}>{t(`shopSync.log.filter.${f}`)}</span>,
          }))}
        />
        <Table<TShopLogEntry>
          rowKey="id"
          size="small"
          columns={phone ? phoneColumns : columns}
          dataSource={log.data?.items ?? []}
          loading={log.isFetching}
          scroll={phone ? undefined : { x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('shopSync.log.empty')} /> }}
          onRow={(e) => ({ 'data-testid': `shop-log-entry-${e.id}` }) as never}
          pagination={{
            current: page,
            pageSize: SHOP_LOG_PAGE_SIZE,
            total: log.data?.count ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            size: 'small',
            onChange: onPage,
          }}
          data-testid="shop-log-table"
        />
      </Space>
    </Drawer>
  );
}
