import type { TLiveCart } from '@livecart/contract/orders';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScheduleLiveModal } from '../features/live/ScheduleLiveModal';
import LiveCartsPage from '../features/orders/LiveCartsPage';
import { mockApi } from '../test/fetch';
import { makeUser, renderWithApp } from '../test/render';
import { formatClock, formatDate, formatDateTime, parisDay } from './format';

// The web suite runs with TZ=America/New_York (vitest.config.ts).

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** 01:30 UTC on 9 March 2025: 02:30 in Paris, a wall-clock time New York skips that night (02:00 → 03:00). */
const NEW_YORK_SKIPPED_HOUR = '2025-03-09T01:30:00Z';
/** 23:30 UTC on 30 June: already 1 July in Paris, still 30 June in New York. */
const PARIS_AFTER_MIDNIGHT = '2025-06-30T23:30:00Z';

function cart(id: number, order_number: string, created_at: string): TLiveCart {
  return {
    id,
    order_number,
    created_at,
    expires_at: null,
    session_id: 3,
    shopper: 'Ana Lopez',
    products: [],
    total_amount: 10,
  };
}

describe('trust #15: times show in Europe/Paris whatever the device zone', () => {
  it('runs on a device in New York', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(new Date(PARIS_AFTER_MIDNIGHT).getDate()).toBe(30);
  });

  it('the shared formatter shows the Paris wall clock, day changes included', () => {
    expect(formatDateTime(PARIS_AFTER_MIDNIGHT)).toBe('01/07/2025 01:30');
    expect(formatDate(PARIS_AFTER_MIDNIGHT)).toBe('01/07/2025');
    expect(parisDay(PARIS_AFTER_MIDNIGHT)).toBe('2025-07-01');
    expect(formatClock('2025-06-30T22:00:05Z')).toBe('00:00:05');
    expect(formatDateTime('2025-01-15T23:05:00Z')).toBe('16/01/2025 00:05');
    // dayjs' zone plugin said 03:30 here
    expect(formatDateTime(NEW_YORK_SKIPPED_HOUR)).toBe('09/03/2025 02:30');
  });

  it('Live Carts shows when each cart was opened in Paris time', async () => {
    mockApi({
      'GET /api/orders/fetch-live-items': () => ({
        count: 3,
        items: [
          cart(1, 'LCMIDNIGHT01', PARIS_AFTER_MIDNIGHT),
          cart(2, 'LCNYSKIPPED2', NEW_YORK_SKIPPED_HOUR),
          cart(3, 'LCMORNING003', '2025-03-09T07:30:00Z'),
        ],
        serverTime: new Date().toISOString(),
      }),
    });
    renderWithApp(<LiveCartsPage />, { route: '/liveorders', user: makeUser() });
    const midnight = await screen.findByTestId('cart-row-LCMIDNIGHT01');
    expect(midnight.textContent).toContain('01/07/2025 01:30');
    expect(midnight.textContent).not.toContain('30/06/2025');
    expect(screen.getByTestId('cart-row-LCNYSKIPPED2').textContent).toContain('09/03/2025 02:30');
    expect(screen.getByTestId('cart-row-LCMORNING003').textContent).toContain('09/03/2025 08:30');
  });

  it('a new live session starts on the next full hour of the Paris day, not the device day', async () => {
    // 22:10 UTC on 30 June: 00:10 on 1 July in Paris, 18:10 on 30 June in New York
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-30T22:10:00Z'));
    mockApi({ 'GET /api/livesession/fetch-scenarios': { items: [] } });
    renderWithApp(<ScheduleLiveModal open session={null} onClose={() => {}} />, { user: makeUser() });
    const date = (await screen.findByTestId('schedule-date')) as HTMLInputElement;
    fireEvent.focus(date);
    expect(date.value).toBe('01/07/2025');
    expect((screen.getByTestId('schedule-time') as HTMLInputElement).value).toBe('01:00');
  });
});
