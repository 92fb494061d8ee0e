import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatEuros, formatPercent } from './format';

// Intl puts narrow no-break spaces in French amounts; compare with plain spaces
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('format helpers', () => {
  it('shows dates as DD/MM/YYYY in Paris time', () => {
    expect(formatDate('2025-03-14T10:00:00Z')).toBe('14/03/2025');
    // 23:30 UTC is already the next day in Paris
    expect(formatDate('2025-06-30T23:30:00Z')).toBe('01/07/2025');
  });

  it('shows date and time as DD/MM/YYYY HH:mm in Paris time', () => {
    expect(formatDateTime('2025-01-15T08:05:00Z')).toBe('15/01/2025 09:05');
    expect(formatDateTime('2025-07-15T08:05:00Z')).toBe('15/07/2025 10:05');
  });

  it('shows nothing for a missing date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows euros the French way with up to two decimals', () => {
    expect(plain(formatEuros(49))).toBe('49 €');
    expect(plain(formatEuros(1234.5))).toBe('1 234,50 €');
    expect(plain(formatEuros(3.9))).toBe('3,90 €');
    expect(plain(formatEuros(0.999))).toBe('1 €');
    expect(plain(formatEuros('19.99'))).toBe('19,99 €');
    expect(plain(formatEuros(0.456))).toBe('0,46 €');
    expect(formatEuros(null)).toBe('');
  });

  it('shows percents the French way with up to two decimals', () => {
    expect(plain(formatPercent(2.25))).toBe('2,25 %');
    expect(plain(formatPercent(5))).toBe('5 %');
    expect(plain(formatPercent(0))).toBe('0 %');
    expect(formatPercent(null)).toBe('');
  });
});
