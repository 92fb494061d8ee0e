import { PlusOutlined } from '@ant-design/icons';
import type { TShop } from '@livecart/contract/shops';
import { Alert, App, Button, type ButtonProps, Empty, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { isApiError } from '../../lib/api';
import {
  isPlanRequired,
  type TLogFilter,
  useDeleteShop,
  usePauseShop,
  useShops,
  useStartImport,
  useSyncShop,
} from './api';
import { ShopCard } from './ShopCard';
import { ShopConnectModal } from './ShopConnectModal';
import { ShopImportModal } from './ShopImportModal';
import { ShopLogDrawer } from './ShopLogDrawer';
import { ShopSyncUpsell } from './ShopSyncUpsell';

const LOG_FILTERS: TLogFilter[] = ['all', 'failed', 'conflict'];

/**
 * Inventory → Shop sync: the seller's Shopify and WooCommerce shops, one card each, connect,
 * import, sync, pause, disconnect and the log (whose shop, filter and page are in the address:
 * `log`, `logStatus`, `logPage`). A plan without shop sync sees what it does and the plans.
 */
export default function ShopSyncTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const shops = useShops();
  const pause = usePauseShop();
  const sync = useSyncShop();
  const remove = useDeleteShop();
  const startImport = useStartImport();
  const [connecting, setConnecting] = useState(false);
  const [importing, setImporting] = useState<TShop | null>(null);

  const logId = Number(search.get('log')) || null;
  const logShop = shops.data?.items.find((s) => s.id === logId) ?? null;
  const rawFilter = search.get('logStatus') as TLogFilter | null;
  const logFilter: TLogFilter = rawFilter && LOG_FILTERS.includes(rawFilter) ? rawFilter : 'all';
  const logPage = Math.max(1, Number(search.get('logPage')) || 1);
  const setLog = (patch: { log?: number | null; logStatus?: TLogFilter; logPage?: number }) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      const put = (k: string, v: string | null) => (v ? next.set(k, v) : next.delete(k));
      if ('log' in patch) put('log', patch.log ? String(patch.log) : null);
      if ('logStatus' in patch)
        put('logStatus', patch.logStatus === 'all' ? null : (patch.logStatus ?? null));
      if ('logPage' in patch)
        put('logPage', patch.logPage && patch.logPage > 1 ? String(patch.logPage) : null);
      return next;
    });

  if (shops.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (shops.isError) {
    if (isPlanRequired(shops.error)) return <ShopSyncUpsell />;
    return (
      <Alert
        type="error"
        showIcon
        title={t('shopSync.loadError')}
        description={errorText(t, shops.error)}
        data-testid="shop-sync-error"
      />
    );
  }

  const runImport = (shop: TShop) =>
    startImport.mutate(shop.id, {
      onSuccess: () => setImporting(shop),
      onError: (e) => {
        // one already runs: show its progress
        if (isApiError(e) && e.code === 'shop_import_running') setImporting(shop);
        else toast('error', errorText(t, e));
      },
    });

  const runPause = (shop: TShop, paused: boolean) =>
    pause.mutate(
      { id: shop.id, paused },
      { onSuccess: () => toast('success', t(paused ? 'shopSync.card.paused' : 'shopSync.card.resumed')) },
    );

  const confirmDisconnect = (shop: TShop) =>
    modal.confirm({
      title: t('shopSync.card.disconnectTitle', { name: shop.name }),
      content: t('shopSync.card.disconnectText'),
      okText: t('shopSync.card.disconnect'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(shop.id).then(() => {
          toast('success', t('shopSync.card.disconnected'));
          if (logId === shop.id) setLog({ log: null, logStatus: 'all', logPage: 1 });
        }),
    });

  const items = shops.data.items;
  return (
    <div data-testid="shop-sync">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap align="start">
        <Typography.Paragraph type="secondary" style={{ maxWidth: 720, margin: 0 }}>
          {t('shopSync.intro')}
        </Typography.Paragraph>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setConnecting(true)}
          data-testid="shop-connect-open"
        >
          {t('shopSync.connectOpen')}
        </Button>
      </Space>
      {items.length === 0 ? (
        <Empty description={t('shopSync.empty')} data-testid="shop-sync-empty" />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {items.map((shop) => (
            <ShopCard
              key={shop.id}
              shop={shop}
              syncing={sync.isPending && sync.variables === shop.id}
              importing={startImport.isPending && startImport.variables === shop.id}
              pausing={pause.isPending && pause.variables?.id === shop.id}
              onImport={() => runImport(shop)}
              onSync={() =>
                sync.mutate(shop.id, { onSuccess: () => toast('success', t('shopSync.card.synced')) })
              }
              onPause={(paused) => runPause(shop, paused)}
              onDisconnect={() => confirmDisconnect(shop)}
              onLog={() => setLog({ log: shop.id, logStatus: 'all', logPage: 1 })}
            />
          ))}
        </Space>
      )}
      <ShopConnectModal open={connecting} onClose={() => setConnecting(false)} />
      <ShopImportModal shop={importing} onClose={() => setImporting(null)} />
      <ShopLogDrawer
        shop={logShop}
        filter={logFilter}
        page={logPage}
        onFilter={(f) => setLog({ logStatus: f, logPage: 1 })}
        onPage={(p) => setLog({ logPage: p })}
        onClose={() => setLog({ log: null, logStatus: 'all', logPage: 1 })}
      />
    </div>
  );
}
