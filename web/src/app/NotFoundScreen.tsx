import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from './useLocale';

/** The antd not-found screen; loaded on demand through NotFoundPage. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('errors.not_found')}
      data-testid="not-found"
      extra={
        <LocaleLink to="/">
          <Button type="primary">{t('notFound.home')}</Button>
        </LocaleLink>
      }
    />
  );
}
