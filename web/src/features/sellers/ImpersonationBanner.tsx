import { UserSwitchOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TSessionUser } from '../auth/api';
import { sellerName, useStopLoginAs } from './api';

/**
 * While an admin is signed in as a seller: on every back-office page, who they are connected as,
 * and one click back to their own session (on the Sellers list).
 */
export function ImpersonationBanner({ user }: { user: TSessionUser }) {
  const { t } = useTranslation();
  const stop = useStopLoginAs();
  if (!user.impersonated_by) return null;
  return (
    <Alert
      banner
      type="warning"
      icon={<UserSwitchOutlined />}
      showIcon
      className="impersonation-banner"
      data-testid="impersonation-banner"
      title={
        <span>
          <strong>{t('impersonation.connectedAs', { seller: sellerName(user) })}</strong>
          {' — '}
          <Button
            type="link"
            size="small"
            className="impersonation-back"
            style={{ padding: 0, height: 'auto', fontWeight: 600 }}
            loading={stop.isPending}
            onClick={() => stop.mutate()}
            data-testid="impersonation-back"
          >
            {t('impersonation.back')}
          </Button>
        </span>
      }
    />
  );
}
