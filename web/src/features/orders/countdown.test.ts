import { describe, expect, it } from 'vitest';
import { clockOffset, countdownState, formatCountdown } from './countdown';

describe('cart countdown', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(formatCountdown(5 * 60_000 + 3_000)).toBe('05:03');
    expect(formatCountdown(59 * 60_000 + 59_000)).toBe('59:59');
    expect(formatCountdown(1_000)).toBe('00:01');
  });

  it('rounds a partial second up, so 00:00 is never shown while time is left', () => {
    expect(formatCountdown(400)).toBe('00:01');
    expect(formatCountdown(61_200)).toBe('01:02');
  });

  it('shows hours from one hour on', () => {
    expect(formatCountdown(3_600_000)).toBe('01:00:00');
    expect(formatCountdown(24 * 3_600_000)).toBe('24:00:00');
    expect(formatCountdown(2 * 3_600_000 + 5 * 60_000 + 9_000)).toBe('02:05:09');
  });

  it('is over at zero and below', () => {
    expect(formatCountdown(0)).toBeNull();
    expect(formatCountdown(-5_000)).toBeNull();
    expect(formatCountdown(Number.NaN)).toBeNull();
  });

  it('tells a cart without timer, an expired one and a running one apart', () => {
    const now = Date.parse('2026-12-01T20:00:00Z');
    expect(countdownState(null, now)).toEqual({ kind: 'none' });
    expect(countdownState('2026-12-01T19:59:59Z', now)).toEqual({ kind: 'expired' });
    expect(countdownState('2026-12-01T20:00:00Z', now)).toEqual({ kind: 'expired' });
    expect(countdownState('2026-12-01T20:30:00Z', now)).toEqual({ kind: 'running', text: '30:00' });
  });

  it('corrects the browser clock by the server time of the answer', () => {
    const received = Date.parse('2026-12-01T20:00:00Z');
    expect(clockOffset('2026-12-01T20:00:05Z', received)).toBe(5_000);
    expect(clockOffset('2026-12-01T19:59:58Z', received)).toBe(-2_000);
    expect(clockOffset(undefined, received)).toBe(0);
    expect(clockOffset('nope', received)).toBe(0);
  });
});
