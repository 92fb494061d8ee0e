import { UserOutlined } from '@ant-design/icons';
import { ROLE } from '@livecart/contract/constants';
import type { TCurrentUser } from '@livecart/contract/user';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { trialDaysLeft } from '../../features/plans/trial';
import { fileUrl } from '../../lib/api';
import { LocaleLink } from '../useLocale';
import { profileMenuItems } from './navigation';

export const displayName = (u: Pick<TCurrentUser, 'first_name' | 'last_name' | 'email'>): string =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email || '';

/** The avatar menu: the days left of a seller's free trial, profile, seller pages, pricing and logout. */
export function ProfileMenu({ user, onLogout }: { user: TCurrentUser; onLogout: () => void }) {
  const { t } = useTranslation();
  const daysLeft = user.role_id === ROLE.seller ? trialDaysLeft(user.trial_end) : null;
  const trial =
    daysLeft === null
      ? []
      : [
          {
            key: 'trial',
            label: (
              <LocaleLink to="/pricing" data-testid="profile-trial">
                {daysLeft === 0
                  ? t('profileMenu.trialLastDay')
                  : t('profileMenu.trialDays', { count: daysLeft })}
              </LocaleLink>
            ),
          },
          { type: 'divider' as const },
        ];
  const entries = profileMenuItems(user).map((it) => ({
    key: it.key,
    danger: it.key === 'logout',
    label: it.path ? (
      <LocaleLink to={it.path} data-testid={`profile-${it.key}`}>
        {t(it.label)}
      </LocaleLink>
    ) : (
      <span data-testid={`profile-${it.key}`}>{t(it.label)}</span>
    ),
    onClick: it.key === 'logout' ? onLogout : undefined,
  }));
  const items = [...trial, ...entries];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="profile-trigger" data-testid="profile-menu">
        <Avatar size="small" src={fileUrl(user.photo)} icon={<UserOutlined />} />
        <span className="profile-name">{displayName(user)}</span>
      </Button>
    </Dropdown>
  );
}
