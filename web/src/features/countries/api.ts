import type { TLocale } from '@livecart/contract/constants';
import type { TCountry } from '@livecart/contract/profile';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { TCountry };

export const countryKeys = { all: ['countries'] as const };

export const countryName = (c: Pick<TCountry, 'name_fr' | 'name_en'>, locale: TLocale): string =>
  locale === 'en' ? c.name_en : c.name_fr;

/** A country to pick: its id, its name, its ISO code when known (its address rules). */
export interface TCountryOption {
  value: number;
  label: string;
  iso?: string;
}

/** Select options sorted by the country's name in the current language. */
export function countryOptions(
  countries: (Pick<TCountry, 'id' | 'name_fr' | 'name_en'> & { iso?: string })[],
  locale: TLocale,
): TCountryOption[] {
  return countries
    .map((c) => ({ value: c.id, label: countryName(c, locale), ...(c.iso ? { iso: c.iso } : {}) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

export function useCountries() {
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: ({ signal }) => api.get<{ countries: TCountry[] }>('/countries', undefined, { signal }),
    select: (r) => r.countries,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
