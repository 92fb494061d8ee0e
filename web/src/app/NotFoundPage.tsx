import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from './useLocale';

/** Shown for unknown routes and for screens of another role. */
export function NotFoundPage() {
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
