import { FacebookFilled } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { startSocialSignIn, useProviders } from './api';

/** The social sign-ins the app knows, each shown only when the server has it configured. */
const SOCIAL: { id: string; icon: ReactNode; label: 'auth.signIn.facebook' }[] = [
  { id: 'facebook', icon: <FacebookFilled />, label: 'auth.signIn.facebook' },
];

/**
 * "or" and a button per social provider the server lists (`GET /api/auth/providers`); nothing at
 * all while the list loads or when none is configured, so no one is offered a sign-in that
 * cannot work.
 */
export function SocialSignIn({
  callbackUrl,
  onStart,
  onError,
}: {
  callbackUrl: string;
  onStart?: () => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const providers = useProviders();
  const configured = SOCIAL.filter((p) => providers.data?.[p.id]);
  if (!configured.length) return null;
  return (
    <>
      <Divider plain>{t('auth.or')}</Divider>
      {configured.map((p) => (
        <Button
          key={p.id}
          block
          icon={p.icon}
          onClick={async () => {
            onStart?.();
            try {
              await startSocialSignIn(p.id, callbackUrl);
            } catch (e) {
              onError(e);
            }
          }}
          data-testid={`signin-${p.id}`}
        >
          {t(p.label)}
        </Button>
      ))}
    </>
  );
}
