import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { localizePath, splitLocale } from '../../app/locale';
import { authKeys } from './api';
import { subscribeAuthEvents } from './storage';

/**
 * Refreshes the session when another tab signs in or out. When another tab switched user (an
 * admin logged in as a seller, or back), this tab opens the same page afresh, in its own language.
 * Renders nothing.
 */
export function AuthSync() {
  const qc = useQueryClient();
  useEffect(
    () =>
      subscribeAuthEvents((type, path) => {
        if (type === 'switch') {
          const { locale } = splitLocale(window.location.pathname);
          window.location.assign(localizePath(path ?? '/dashboard', locale));
          return;
        }
        if (type === 'signout') qc.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.session[0] });
        void qc.invalidateQueries({ queryKey: authKeys.session });
      }),
    [qc],
  );
  return null;
}
