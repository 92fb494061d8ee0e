import { TIME_ZONE } from '@livecart/contract/constants';

type DateInput = string | number | Date | null | undefined;

const wholeEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
});

/*
 * Every date and time the app shows goes through here, in Europe/Paris whatever the device's
 * zone (SPEC §1). Intl does the zone arithmetic: dayjs' timezone plugin shows Paris an hour off
 * while the device's own clock skips an hour (New York on the second Sunday of March).
 */
const parisFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Europe/Paris wall clock of an instant, each part zero-padded. */
export interface ParisParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The Paris wall clock of an instant (ISO string, epoch ms or Date); null when there is none. */
export function parisParts(value: DateInput): ParisParts | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return null;
  const parts: Record<string, string> = {};
  for (const p of parisFormat.formatToParts(ms)) parts[p.type] = p.value;
  const { year, month, day, hour, minute, second } = parts;
  return { year, month, day, hour, minute, second };
}

/** DD/MM/YYYY in Europe/Paris; '' when there is no date. */
export function formatDate(value: DateInput): string {
  const p = parisParts(value);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** DD/MM/YYYY HH:mm in Europe/Paris; '' when there is no date. */
export function formatDateTime(value: DateInput): string {
  const p = parisParts(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** HH:mm:ss in Europe/Paris; '' when there is no date. */
export function formatClock(value: DateInput): string {
  const p = parisParts(value);
  return p ? `${p.hour}:${p.minute}:${p.second}` : '';
}

/** The Europe/Paris day of an instant as YYYY-MM-DD (what day filters send); '' when none. */
export function parisDay(value: DateInput): string {
  const p = parisParts(value);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** A calendar day `YYYY-MM-DD` (no time, so no zone) as DD/MM/YYYY; anything else as it is. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

/**
 * An amount in euros (the API sends euros as numbers): whole amounts without cents (`49 €`), any
 * other with two decimals (`1234.5` → `1 234,50 €`, never `3,9 €`).
 */
export function formatEuros(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Math.round(Number(value) * 100) / 100;
  if (!Number.isFinite(n)) return '';
  return (Number.isInteger(n) ? wholeEuros : euros).format(n);
}

const percents = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** A percent as the French write it, up to two decimals: `2.25` → `2,25 %`; empty when missing. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${percents.format(value)}\u00a0%`;
}
