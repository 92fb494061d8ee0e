import { CheckCircleOutlined, ShopOutlined } from '@ant-design/icons';
import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';

const POINTS = ['stock', 'orders', 'prices'] as const;

/** What shop sync does, for a seller whose plan has none (Basic after the trial), and the plans. */
export function ShopSyncUpsell() {
  const { t } = useTranslation();
  return (
    <Card data-testid="shop-sync-upsell">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          <ShopOutlined /> {t('shopSync.upsell.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('shopSync.upsell.lead')}</Typography.Text>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {POINTS.map((p) => (
            <li key={p} style={{ display: 'flex', gap: 8, padding: '4px 0' }}>
              <CheckCircleOutlined style={{ color: '#52c41a', marginTop: 4 }} aria-hidden />
              <span>{t(`shopSync.upsell.${p}`)}</span>
            </li>
          ))}
        </ul>
        <ButtonLink to="/pricing" type="primary" data-testid="shop-sync-upsell-plans">
          {t('shopSync.upsell.plans')}
        </ButtonLink>
      </Space>
    </Card>
  );
}
