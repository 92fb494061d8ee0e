import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_ZONE } from '@livecart/contract/constants';
import dayjs from './dayjs';

type DateInput = string | number | Date | null | undefined;

const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
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

/** An amount in euros (the API sends euros as numbers): `1234.5` → `1 234,5 €`. */
export function formatEuros(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? euros.format(n) : '';
}
