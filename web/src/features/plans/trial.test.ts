import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../app/format';
import { trialDaysLeft } from './trial';

describe('trust #15: times are Europe/Paris whatever the browser zone', () => {
  it('the suite runs in another zone than Paris', () => {
    // 1 July: New York is UTC−4, Paris UTC+2.
    expect(new Date('2026-07-01T12:00:00Z').getTimezoneOffset()).toBe(240);
  });

  it('an instant shows its Paris wall clock, and its Paris day near midnight', () => {
    // 23:30 in New York on 24 December is 05:30 in Paris on the 25th.
    expect(formatDateTime('2026-12-25T04:30:00Z')).toBe('25/12/2026 05:30');
    expect(formatDate('2026-12-25T04:30:00Z')).toBe('25/12/2026');
    // 00:30 in Paris on 1 March is still 28 February in New York.
    expect(formatDateTime('2026-02-28T23:30:00Z')).toBe('01/03/2026 00:30');
  });
});

describe('trust #13: days left in the free trial', () => {
  const now = new Date('2026-11-25T09:00:00Z');
  it('counts Paris calendar days to the end of the trial', () => {
    expect(trialDaysLeft('2026-12-25T09:00:00Z', now)).toBe(30);
    expect(trialDaysLeft('2026-11-26T08:00:00Z', now)).toBe(1);
    // Ends at 00:30 Paris time on the 26th (still the 25th in New York): one day left.
    expect(trialDaysLeft('2026-11-25T23:30:00Z', now)).toBe(1);
    expect(trialDaysLeft('2026-11-25T18:00:00Z', now)).toBe(0);
  });

  it('no trial, or one that is over, has no days left', () => {
    expect(trialDaysLeft(null, now)).toBeNull();
    expect(trialDaysLeft(undefined, now)).toBeNull();
    expect(trialDaysLeft('2026-11-25T08:59:00Z', now)).toBeNull();
  });
});
