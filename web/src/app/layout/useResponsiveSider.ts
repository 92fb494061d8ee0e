import { SIDEBAR_BREAKPOINT_PX } from '@livecart/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { debounce } from '../../lib/debounce';

export const RESIZE_DEBOUNCE_MS = 500;
export const RESIZE_MAX_WAIT_MS = 2000;

const isNarrow = () => window.innerWidth <= SIDEBAR_BREAKPOINT_PX;

/**
 * Sidebar state of SPEC §2: closed on screens of 991 px or less (checked on resize, debounced
 * 500 ms with a 2 s max wait), toggled by the header's menu button, closed by a click outside
 * it on such screens.
 */
export function useResponsiveSider() {
  const [mobile, setMobile] = useState(isNarrow);
  const [collapsed, setCollapsed] = useState(isNarrow);
  const siderRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mobileRef = useRef(mobile);

  useEffect(() => {
    const onResize = debounce(
      () => {
        const narrow = isNarrow();
        if (narrow === mobileRef.current) return;
        mobileRef.current = narrow;
        setMobile(narrow);
        setCollapsed(narrow);
      },
      RESIZE_DEBOUNCE_MS,
      { maxWait: RESIZE_MAX_WAIT_MS },
    );
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      onResize.cancel();
    };
  }, []);

  useEffect(() => {
    if (!mobile || collapsed) return;
    const onPointerDown = (e: Event) => {
      const target = e.target as Node;
      if (siderRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setCollapsed(true);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [mobile, collapsed]);

  const toggle = useCallback(() => setCollapsed((c) => !c), []);
  const closeOnMobile = useCallback(() => {
    if (mobileRef.current) setCollapsed(true);
  }, []);

  return { mobile, collapsed, setCollapsed, toggle, closeOnMobile, siderRef, toggleRef };
}
