import { MOBILE_BREAKPOINT_PX } from '@livecart/contract/constants';
import { useSyncExternalStore } from 'react';

/** The media query of a phone-sized screen (SPEC §9: the layout's 768 px breakpoint). */
export const PHONE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * True on a phone-sized screen (768 px wide or less), updated when the window is resized or the
 * phone turned: screens that lay out differently on a phone (filters in a drawer, comments as
 * cards) read it instead of guessing from CSS.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
