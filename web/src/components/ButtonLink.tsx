import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../app/useLocale';

/**
 * A link to an app path (in the current locale) that looks like an antd button: one element, one
 * keyboard stop, opened in a new tab on Ctrl-click, where a button inside a link would be two.
 */
export function ButtonLink({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const navigate = useNavigate();
  const href = useLocalePath()(to);
  return (
    <Button
      {...props}
      href={href}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    />
  );
}
