import { BellOutlined } from '@ant-design/icons';
import { NOTIFICATION_BADGE_CAP } from '@livecart/contract/constants';
import { Badge, Button, Empty, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '../../components/Typography';
import type { TNotice } from '../../features/notifications/api';
import { formatDateTime } from '../format';
import { useIsPhone } from '../useIsPhone';
import { LocaleLink } from '../useLocale';

/** The badge text: the count, or '999+' above the cap (SPEC §9). */
export const badgeText = (count: number): string =>
  count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);

/** The header bell with the count of new notifications and the latest ones in a popover. */
export function NotificationBell({ count, items }: { count: number; items: TNotice[] }) {
  const { t } = useTranslation();
  // a phone's bell stands mid-header: the list opens centred under it, moved back onto the screen
  // when needed, instead of stretching left past the screen's edge
  const phone = useIsPhone();
  const content = (
    <div className="notice-popover">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.none')} />
      ) : (
        <ul className="notice-list">
          {items.slice(0, 8).map((n) => (
            <li key={n.id}>
              <div>{n.link ? <LocaleLink to={n.link}>{n.title}</LocaleLink> : n.title}</div>
              <Text type="secondary">{formatDateTime(n.created_at)}</Text>
            </li>
          ))}
        </ul>
      )}
      <LocaleLink to="/notifications" data-testid="notifications-all">
        {t('notifications.seeAll')}
      </LocaleLink>
    </div>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      placement={phone ? 'bottom' : 'bottomRight'}
      title={t('notifications.title')}
    >
      {/* the name says the count the badge shows (a screen reader hears what the eye sees) */}
      <Button
        type="text"
        aria-label={count > 0 ? `${t('notifications.title')} ${badgeText(count)}` : t('notifications.title')}
        data-testid="notifications-bell"
      >
        <Badge count={count > 0 ? badgeText(count) : 0} size="small" data-testid="notifications-badge">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
