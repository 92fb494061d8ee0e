import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ButtonLink';

/** The antd not-found screen; loaded on demand through NotFoundPage. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 className="plain-heading">{t('errors.not_found')}</h1>}
      data-testid="not-found"
      extra={
        <ButtonLink type="primary" to="/">
          {t('notFound.home')}
        </ButtonLink>
      }
    />
  );
}
