import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys, followSwitch, isLeaving } from './api';
import { subscribeAuthEvents } from './storage';

/**
 * Refreshes the session when another tab signs in or out. When another tab switched user (an
 * admin logged in as a seller, or back), this tab opens the same page afresh, in its own language,
 * once. Renders nothing.
 */
export function AuthSync() {
  const qc = useQueryClient();
  useEffect(
    () =>
      subscribeAuthEvents((type, path, user) => {
        if (isLeaving()) return;
        const refresh = () => void qc.invalidateQueries({ queryKey: authKeys.session });
        if (type === 'switch') {
          followSwitch(path ?? '/dashboard', user, refresh);
          return;
        }
        if (type === 'signout') qc.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.session[0] });
        refresh();
      }),
    [qc],
  );
  return null;
}
