import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../useLocale';

export function FooterLinks() {
  const { t } = useTranslation();
  return (
    <Space wrap size="large" className="app-footer" data-testid="footer">
      <LocaleLink to="/about-us">{t('footer.about')}</LocaleLink>
      <LocaleLink to="/privacy">{t('footer.privacy')}</LocaleLink>
      <LocaleLink to="/terms-and-conditions">{t('footer.terms')}</LocaleLink>
      <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
    </Space>
  );
}
