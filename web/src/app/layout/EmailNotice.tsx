import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../useLocale';

/** 'Please add an email in your profile', shown when the user has no valid e-mail (SPEC §2). */
export function EmailNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      banner
      type="warning"
      data-testid="email-notice"
      title={<LocaleLink to="/account">{t('layout.addEmail')}</LocaleLink>}
    />
  );
}
