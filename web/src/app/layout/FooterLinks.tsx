import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../useLocale';

/** The footer's links to the public site's pages: a full page load, so the server's rendered page opens. */
export function FooterLinks() {
  const { t } = useTranslation();
  return (
    <Space wrap size="large" className="app-footer" data-testid="footer">
      <LocaleLink to="/about-us" reloadDocument>
        {t('footer.about')}
      </LocaleLink>
      <LocaleLink to="/privacy" reloadDocument>
        {t('footer.privacy')}
      </LocaleLink>
      <LocaleLink to="/terms-and-conditions" reloadDocument>
        {t('footer.terms')}
      </LocaleLink>
      <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
    </Space>
  );
}
