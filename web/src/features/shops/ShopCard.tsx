import { CloudDownloadOutlined, DisconnectOutlined, HistoryOutlined, SyncOutlined } from '@ant-design/icons';
import type { TShop, TShopState } from '@livecart/contract/shops';
import { Alert, Button, Card, Descriptions, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { useIsPhone } from '../../app/useIsPhone';

const STATE_COLORS: Record<TShopState, string> = { connected: 'green', failing: 'red', paused: 'default' };
const PLATFORM_COLORS = { shopify: 'green', woocommerce: 'purple' } as const;

export interface ShopCardProps {
  shop: TShop;
  syncing: boolean;
  importing: boolean;
  pausing: boolean;
  onImport: () => void;
  onSync: () => void;
  onPause: (paused: boolean) => void;
  onDisconnect: () => void;
  onLog: () => void;
}

/** One connected shop: platform, name, address, state, figures of the sync and its actions. */
export function ShopCard(props: ShopCardProps) {
  const { shop } = props;
  const { t } = useTranslation();
  const phone = useIsPhone();
  const when = (v: string | null) => (v ? formatDateTime(v) : t('shopSync.card.never'));
  const id = shop.id;

  return (
    <Card
      size="small"
      data-testid={`shop-${id}`}
      title={
        <Space size={8} wrap style={{ rowGap: 0 }}>
          <Tag color={PLATFORM_COLORS[shop.platform]} data-testid={`shop-platform-${id}`}>
            {t(`shopSync.platform.${shop.platform}`)}
          </Tag>
          <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{shop.name}</span>
        </Space>
      }
      extra={
        <Space size={6}>
          {!phone && <span>{t('shopSync.card.active')}</span>}
          <Switch
            checked={!shop.paused}
            loading={props.pausing}
            onChange={(on) => props.onPause(!on)}
            aria-label={t('shopSync.card.active')}
            data-testid={`shop-pause-${id}`}
          />
        </Space>
      }
    >
      <Space orientation="vertical" size={10} style={{ width: '100%' }}>
        <Space size={8} wrap>
          <Typography.Link
            href={shop.url}
            target="_blank"
            rel="noopener noreferrer"
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`shop-url-${id}`}
          >
            {shop.url}
          </Typography.Link>
          <Tag color={STATE_COLORS[shop.state]} data-testid={`shop-state-${id}`}>
            {t(`shopSync.state.${shop.state}`)}
          </Tag>
        </Space>
        {shop.last_error && (
          <Alert
            type={shop.state === 'failing' ? 'error' : 'warning'}
            showIcon
            title={t('shopSync.card.platformMessage', { message: shop.last_error })}
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`shop-error-${id}`}
          />
        )}
        <Descriptions size="small" column={phone ? 1 : 2} data-testid={`shop-figures-${id}`}>
          <Descriptions.Item label={t('shopSync.card.linked')}>
            <span data-testid={`shop-linked-${id}`}>{shop.linked_variants}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('shopSync.card.pending')}>
            <span data-testid={`shop-pending-${id}`}>{shop.pending_changes}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('shopSync.card.lastSync')}>
            <span data-testid={`shop-last-sync-${id}`}>{when(shop.last_synced_at)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('shopSync.card.lastReconcile')}>
            <span data-testid={`shop-last-reconcile-${id}`}>{when(shop.last_reconciled_at)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('shopSync.card.webhooks')}>
            {t(shop.webhooks ? 'shopSync.card.webhooksOn' : 'shopSync.card.webhooksOff')}
          </Descriptions.Item>
        </Descriptions>
        <Space wrap size={8}>
          <Button
            icon={<CloudDownloadOutlined />}
            loading={props.importing}
            onClick={props.onImport}
            data-testid={`shop-import-${id}`}
          >
            {t('shopSync.card.import')}
          </Button>
          <Button
            icon={<SyncOutlined />}
            loading={props.syncing}
            disabled={shop.paused}
            onClick={props.onSync}
            data-testid={`shop-sync-${id}`}
          >
            {t('shopSync.card.sync')}
          </Button>
          <Button icon={<HistoryOutlined />} onClick={props.onLog} data-testid={`shop-log-${id}`}>
            {t('shopSync.card.log')}
          </Button>
          <Button
            danger
            icon={<DisconnectOutlined />}
            onClick={props.onDisconnect}
            data-testid={`shop-disconnect-${id}`}
          >
            {t('shopSync.card.disconnect')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
