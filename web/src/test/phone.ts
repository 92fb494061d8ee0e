import { afterEach, beforeEach } from 'vitest';
import { PHONE_QUERY } from '../app/useIsPhone';

/**
 * Makes the tests of the enclosing describe run on a phone-sized screen: the app's phone query
 * matches (antd's own breakpoints stay as the setup leaves them).
 */
export function onPhone() {
  let original: typeof window.matchMedia;
  beforeEach(() => {
    original = window.matchMedia;
    window.matchMedia = ((query: string) => {
      const list = original(query);
      return query === PHONE_QUERY ? { ...list, matches: true } : list;
    }) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });
}
