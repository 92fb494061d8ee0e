import { TOAST_DURATION_MS } from '@livecart/contract/constants';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts (top right, 4 s, SPEC §2) for code that runs outside React components, such as the query
 * cache's error handler. Inside the antd frame (the lazily loaded layouts) the antd App instance
 * registers itself through NotifierBridge; pages without antd (the shopper's checkout, the
 * sandbox payment page) get a small plain-DOM toast with the same place, duration and testids.
 */
let instance: NotificationInstance | null = null;

export function setNotifier(next: NotificationInstance | null): void {
  instance = next;
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i', warning: '!' };

function plainToast(kind: ToastKind, text: string): void {
  if (typeof document === 'undefined') return;
  let host = document.getElementById('plain-toasts');
  if (!host) {
    host = document.createElement('div');
    host.id = 'plain-toasts';
    host.className = 'plain-toasts';
    document.body.appendChild(host);
  }
  const item = document.createElement('div');
  item.className = `plain-toast plain-toast-${kind}`;
  item.dataset.testid = `toast-${kind}`;
  item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const icon = document.createElement('span');
  icon.className = 'plain-toast-icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = ICONS[kind];
  const body = document.createElement('span');
  body.className = 'plain-toast-text';
  body.textContent = text;
  item.append(icon, body);
  host.appendChild(item);
  setTimeout(() => item.remove(), TOAST_DURATION_MS);
}

export function toast(kind: ToastKind, text: string): void {
  if (instance) instance[kind]({ title: text, props: { 'data-testid': `toast-${kind}` } });
  else plainToast(kind, text);
}
