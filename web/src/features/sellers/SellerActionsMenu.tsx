import {
  DeleteOutlined,
  HistoryOutlined,
  LoginOutlined,
  MoreOutlined,
  PercentageOutlined,
  ProfileOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../app/useLocale';
import { sellerName, type TSellerRow } from './api';
import type { SellerActions } from './useSellerActions';

/** Whether the seller has a subscription an admin can end. */
export const canUnsubscribe = (s: TSellerRow) =>
  s.subscription_status !== null && s.subscription_status !== 'unsubscribed';

/** SPEC §3's login-as action of a seller's row. */
export function LoginAsButton({ seller, actions }: { seller: TSellerRow; actions: SellerActions }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      icon={<LoginOutlined />}
      onClick={() => actions.loginAs(seller)}
      aria-label={t('sellers.loginAsOf', { seller: sellerName(seller) })}
      data-testid={`seller-login-as-${seller.id}`}
    >
      {t('sellers.loginAsButton')}
    </Button>
  );
}

/** A seller's other actions in one menu: percent, its history, unsubscribe, and their page. */
export function SellerActionsMenu({ seller, actions }: { seller: TSellerRow; actions: SellerActions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const item = (key: string, icon: ReactNode, label: string, onClick: () => void, danger = false) => ({
    key,
    icon,
    danger,
    label: <span data-testid={`seller-${key}`}>{label}</span>,
    onClick,
  });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          item('open', <ProfileOutlined />, t('sellers.open'), () => navigate(lp(`/sellers/${seller.id}`))),
          item('percent', <PercentageOutlined />, t('sellers.changePercent'), () =>
            actions.changePercent(seller),
          ),
          item('history', <HistoryOutlined />, t('sellers.history'), () => actions.showHistory(seller)),
          ...(canUnsubscribe(seller)
            ? [
                item(
                  'unsubscribe',
                  <DeleteOutlined />,
                  t('sellers.unsubscribe'),
                  () => actions.unsubscribe(seller),
                  true,
                ),
              ]
            : []),
        ],
      }}
    >
      <Button
        size="small"
        icon={<MoreOutlined />}
        aria-label={t('sellers.actionsOf', { seller: sellerName(seller) })}
        data-testid={`seller-actions-${seller.id}`}
      />
    </Dropdown>
  );
}

/** The login-as button and the menu, side by side. */
export function SellerRowActions({ seller, actions }: { seller: TSellerRow; actions: SellerActions }) {
  return (
    <Space size={4} wrap={false}>
      <LoginAsButton seller={seller} actions={actions} />
      <SellerActionsMenu seller={seller} actions={actions} />
    </Space>
  );
}

/** The actions of a seller's page, each its own button. */
export function SellerActionButtons({ seller, actions }: { seller: TSellerRow; actions: SellerActions }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <LoginAsButton seller={seller} actions={actions} />
      <Button
        size="small"
        icon={<PercentageOutlined />}
        onClick={() => actions.changePercent(seller)}
        data-testid="seller-page-percent"
      >
        {t('sellers.changePercent')}
      </Button>
      {canUnsubscribe(seller) && (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => actions.unsubscribe(seller)}
          data-testid="seller-page-unsubscribe"
        >
          {t('sellers.unsubscribe')}
        </Button>
      )}
    </Space>
  );
}
