import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Descriptions, Result, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDate, formatEuros, formatPercent } from '../../app/format';
import { LocaleLink } from '../../app/useLocale';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { sellerName, useSeller } from './api';
import { PercentHistoryTable } from './PercentHistory';
import { SellerActionButtons } from './SellerActionsMenu';
import { SellerAudit } from './SellerAudit';
import { useSellerActions } from './useSellerActions';

/**
 * /sellers/{id} (admin): one seller's figures, the admin's actions, the history of their percent
 * and the audit of what admins did to and as them.
 */
export default function SellerDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const seller = useSeller(id);
  const actions = useSellerActions();

  if (seller.isPending && Number.isInteger(id) && id > 0) return <FullScreenLoader />;
  const s = seller.data;
  if (!s) {
    return (
      <Result
        status="404"
        title={t('sellers.notFound')}
        extra={<LocaleLink to="/sellers">{t('sellers.back')}</LocaleLink>}
        data-testid="seller-not-found"
      />
    );
  }
  const status = s.subscription_status;
  return (
    <div data-testid="seller-page" style={{ maxWidth: 1200 }}>
      <LocaleLink to="/sellers" data-testid="seller-back">
        <ArrowLeftOutlined /> {t('sellers.back')}
      </LocaleLink>
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          {sellerName(s)}
        </Typography.Title>
        <SellerActionButtons seller={s} actions={actions} />
      </Space>
      <Card title={t('sellers.figures')} size="small" style={{ margin: '16px 0' }}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" data-testid="seller-figures">
          <Descriptions.Item label={t('sellers.company')}>{s.company_name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('sellers.email')}>{s.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('sellers.percent')}>
            <span data-testid="seller-percent">{formatPercent(s.transaction_percent) || '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('sellers.sessions')}>{s.total_sessions}</Descriptions.Item>
          <Descriptions.Item label={t('sellers.buyers')}>{s.total_buyers}</Descriptions.Item>
          <Descriptions.Item label={t('sellers.orders')}>{s.total_orders}</Descriptions.Item>
          <Descriptions.Item label={t('sellers.revenue')}>{formatEuros(s.total_amount)}</Descriptions.Item>
          <Descriptions.Item label={t('sellers.createdAt')}>{formatDate(s.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('sellers.subscription')}>
            <Space size={4} wrap>
              <Tag data-testid="seller-subscription">
                {status ? t(`myPlan.status.${status}`) : t('sellers.noSubscription')}
              </Tag>
              {s.subscription_end && formatDate(s.subscription_end)}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Tabs
        items={[
          { key: 'audit', label: t('sellers.audit'), children: <SellerAudit sellerId={s.id} /> },
          {
            key: 'history',
            label: t('sellers.history'),
            children: <PercentHistoryTable email={s.email} testId="seller-percent-history" />,
          },
        ]}
      />
      {actions.modals}
    </div>
  );
}
