import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts (top right, SPEC §2) for code that runs outside React components, such as the query
 * cache's error handler. The antd App instance registers itself through NotifierBridge.
 */
let instance: NotificationInstance | null = null;

export function setNotifier(next: NotificationInstance | null): void {
  instance = next;
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export function toast(kind: ToastKind, text: string): void {
  instance?.[kind]({ title: text, props: { 'data-testid': `toast-${kind}` } });
}
