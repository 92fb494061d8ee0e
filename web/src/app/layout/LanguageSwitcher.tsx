import { GlobalOutlined } from '@ant-design/icons';
import type { TLocale } from '@livecart/contract/constants';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { otherLocale, switchLocaleHref } from '../locale';
import { useLocale } from '../useLocale';

/**
 * Re-opens the current page (path and query) in the other language. It shows the other language's
 * code ("EN"); its accessible name starts with that code, so a person who says or reads "EN" finds it,
 * and it is spoken in the language it leads to.
 */
export function LanguageSwitcher({ onSwitch }: { onSwitch?: (locale: TLocale) => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const target = otherLocale(useLocale());
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('language.name')}
      title={t('language.switch')}
      lang={target}
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
