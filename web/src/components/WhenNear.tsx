import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Shows `children` once its place comes near the screen (100 px below it), `placeholder` until then
 * and while their chunk loads: a part below the fold whose code (antd's Table) the first view of a
 * page need not load. Without IntersectionObserver it shows them at once. `placed`: false while
 * what is above may still grow (its data to come), which would push this part down.
 */
export function WhenNear({
  children,
  placeholder,
  placed = true,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  placed?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !placed || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px 100px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, placed]);
  if (!near) return <div ref={ref}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
