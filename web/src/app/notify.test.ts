import type { NotificationInstance } from 'antd/es/notification/interface';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, toast } from './notify';

afterEach(() => {
  setNotifier(null);
  vi.useRealTimers();
});

describe('toasts', () => {
  it('inside the antd frame, a toast is an antd notification with its testid', () => {
    const error = vi.fn();
    setNotifier({ error } as unknown as NotificationInstance);
    toast('error', 'Commande introuvable');
    expect(error).toHaveBeenCalledWith({
      title: 'Commande introuvable',
      props: { 'data-testid': 'toast-error' },
    });
    expect(document.querySelector('[data-testid="toast-error"]')).toBeNull();
  });

  it('without antd (checkout), a toast still shows top right and goes away after 4 seconds', () => {
    vi.useFakeTimers();
    toast('success', 'Paiement reçu');
    toast('error', 'Paiement refusé');
    const ok = document.querySelector<HTMLElement>('[data-testid="toast-success"]');
    const failed = document.querySelector<HTMLElement>('[data-testid="toast-error"]');
    expect(ok?.textContent).toContain('Paiement reçu');
    expect(failed?.textContent).toContain('Paiement refusé');
    expect(failed?.getAttribute('role')).toBe('alert');
    expect(ok?.parentElement?.className).toBe('plain-toasts');
    vi.advanceTimersByTime(3999);
    expect(document.querySelector('[data-testid="toast-success"]')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelector('[data-testid^="toast-"]')).toBeNull();
  });
});
