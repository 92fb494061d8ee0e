import { Spin } from 'antd';

/** The full-screen loader shown while a page or its data loads (SPEC §2 Global UI). */
export function FullScreenLoader({ spinning = true }: { spinning?: boolean }) {
  return <Spin fullscreen spinning={spinning} data-testid="fullscreen-loader" />;
}
