import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_ZONE } from '@livecart/contract/constants';
import dayjs from './dayjs';

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

const inParis = (value: DateInput) => {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d.tz(TIME_ZONE) : null;
};

/** DD/MM/YYYY in Europe/Paris; '' when there is no date. */
export const formatDate = (value: DateInput): string => inParis(value)?.format(DATE_FORMAT) ?? '';

/** DD/MM/YYYY HH:mm in Europe/Paris; '' when there is no date. */
export const formatDateTime = (value: DateInput): string => inParis(value)?.format(DATE_TIME_FORMAT) ?? '';

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
