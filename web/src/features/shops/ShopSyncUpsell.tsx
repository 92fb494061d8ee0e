import { CheckCircleOutlined, ShopOutlined } from '@ant-design/icons';
import { Card, List, Space, Typography } from 'antd';
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
        <List
          split={false}
          dataSource={[...POINTS]}
          renderItem={(p) => (
            <List.Item style={{ padding: '4px 0' }}>
              <Space align="start">
                <CheckCircleOutlined style={{ color: '#52c41a', marginTop: 4 }} />
                <span>{t(`shopSync.upsell.${p}`)}</span>
              </Space>
            </List.Item>
          )}
        />
        <ButtonLink to="/pricing" type="primary" data-testid="shop-sync-upsell-plans">
          {t('shopSync.upsell.plans')}
        </ButtonLink>
      </Space>
    </Card>
  );
}
