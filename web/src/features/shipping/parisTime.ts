import { parisParts } from '../../app/format';

/** Minutes Paris is ahead of UTC at the instant `ms`. */
function parisOffsetAt(ms: number): number {
  const p = parisParts(ms);
  if (!p) return 0;
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * A Paris wall-clock day and time (`2026-12-04`, `19:00`) as an ISO date-time with its offset
 * (`2026-12-04T19:00:00+01:00`), whatever the device's zone. In the hour skipped in spring the
 * time is read with the winter offset.
 */
export function parisIso(day: string, time: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, h, mi);
  const first = parisOffsetAt(wall - parisOffsetAt(wall) * 60_000);
  const offset = parisOffsetAt(wall - first * 60_000) === first ? first : parisOffsetAt(wall);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day}T${pad(h)}:${pad(mi)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
