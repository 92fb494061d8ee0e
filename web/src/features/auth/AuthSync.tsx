import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys } from './api';
import { subscribeAuthEvents } from './storage';

/** Refreshes the session when another tab signs in or out. Renders nothing. */
export function AuthSync() {
  const qc = useQueryClient();
  useEffect(
    () =>
      subscribeAuthEvents((type) => {
        if (type === 'signout') qc.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.session[0] });
        void qc.invalidateQueries({ queryKey: authKeys.session });
      }),
    [qc],
  );
  return null;
}
