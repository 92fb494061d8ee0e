import { COOKIE_CONSENT_DAYS, COOKIE_CONSENT_NAME } from '@livecart/contract/constants';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCookie, setCookie } from '../../lib/cookies';
import { LocaleLink } from '../useLocale';

export type CookieConsent = 'accept' | 'decline';

/** The cookie banner at the top until the visitor accepts or declines (kept 150 days). */
export function CookieBanner() {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(() => getCookie(COOKIE_CONSENT_NAME));
  if (consent) return null;
  const choose = (value: CookieConsent) => {
    setCookie(COOKIE_CONSENT_NAME, value, COOKIE_CONSENT_DAYS);
    setConsent(value);
  };
  return (
    <section className="cookie-banner" data-testid="cookie-banner" aria-label={t('cookies.label')}>
      <span>
        {t('cookies.text')} <LocaleLink to="/privacy">{t('cookies.privacy')}</LocaleLink>
      </span>
      <Space>
        <Button type="primary" onClick={() => choose('accept')} data-testid="cookie-accept">
          {t('cookies.accept')}
        </Button>
        <Button onClick={() => choose('decline')} data-testid="cookie-decline">
          {t('cookies.decline')}
        </Button>
      </Space>
    </section>
  );
}
