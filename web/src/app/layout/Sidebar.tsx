import {
  AppstoreOutlined,
  ArrowLeftOutlined,
  CarOutlined,
  CreditCardOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FieldTimeOutlined,
  FileExcelOutlined,
  GiftOutlined,
  HourglassOutlined,
  PlusOutlined,
  ProfileOutlined,
  ReadOutlined,
  RobotOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { NOTIFICATION_BADGE_CAP } from '@livecart/contract/constants';
import { Badge, Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../useLocale';
import type { NavItem } from './navigation';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  live: <VideoCameraOutlined />,
  cart: <ShoppingCartOutlined />,
  inventory: <AppstoreOutlined />,
  chatbot: <RobotOutlined />,
  orders: <ProfileOutlined />,
  waiting: <HourglassOutlined />,
  settings: <SettingOutlined />,
  buyers: <TeamOutlined />,
  payments: <CreditCardOutlined />,
  support: <CustomerServiceOutlined />,
  guides: <ReadOutlined />,
  sellers: <ShopOutlined />,
  shipping: <CarOutlined />,
  plans: <CrownOutlined />,
  back: <ArrowLeftOutlined />,
  timer: <FieldTimeOutlined />,
  gift: <GiftOutlined />,
  add: <PlusOutlined />,
  csv: <FileExcelOutlined />,
};

export interface SidebarProps {
  items: NavItem[];
  selectedKey?: string;
  /** Count of waiting-list items shown on the Waiting list entry. */
  waitingCount?: number;
  onNavigate?: () => void;
}

/** The role's navigation menu; each entry is a real link with `data-testid="nav-<path>"`. */
export function Sidebar({ items, selectedKey, waitingCount = 0, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const menuItems = items.map((it) => ({
    key: it.key,
    icon: ICONS[it.icon],
    label: (
      <LocaleLink to={it.path} data-testid={`nav-${it.key}`} onClick={onNavigate}>
        {t(it.label)}
        {it.badge === 'waiting' && waitingCount > 0 && (
          <Badge
            count={waitingCount}
            overflowCount={NOTIFICATION_BADGE_CAP}
            size="small"
            style={{ marginInlineStart: 8 }}
            data-testid="waiting-count"
          />
        )}
      </LocaleLink>
    ),
  }));
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={menuItems}
      selectedKeys={selectedKey ? [selectedKey] : []}
      data-testid="sidebar"
    />
  );
}
