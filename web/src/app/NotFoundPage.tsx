import { lazy, Suspense } from 'react';
import { FullScreenLoader } from '../components/FullScreenLoader';

// antd's Result: loaded with the antd frame (AntdRoot imports it), not in the entry chunk
const NotFoundScreen = lazy(() => import('./NotFoundScreen'));

/** Shown for unknown routes and for screens of another role. */
export function NotFoundPage() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <NotFoundScreen />
    </Suspense>
  );
}
