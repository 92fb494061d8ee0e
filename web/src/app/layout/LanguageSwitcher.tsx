import { GlobalOutlined } from '@ant-design/icons';
import type { TLocale } from '@livecart/contract/constants';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { otherLocale, switchLocaleHref } from '../locale';
import { useLocale } from '../useLocale';

/** Re-opens the current page (path and query) in the other language. */
export function LanguageSwitcher({ onSwitch }: { onSwitch?: (locale: TLocale) => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const target = otherLocale(useLocale());
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('language.switch')}
      title={t('language.switch')}
      data-testid="language-switcher"
      onClick={() => {
        navigate(switchLocaleHref(location, target));
        onSwitch?.(target);
      }}
    >
      {target.toUpperCase()}
    </Button>
  );
}
