import { lazy } from 'react';

/** Layouts load on demand so a page such as checkout does not carry the back-office frame. */
export const AppLayout = lazy(() => import('./AppLayout'));
export const PublicLayout = lazy(() => import('./PublicLayout'));
/** antd's providers around every layout (app/AntdRoot.tsx): checkout and sandbox pages do without. */
export const AntdRoot = lazy(() => import('../AntdRoot'));
