import type { TFunction } from 'i18next';
import { errorText, fieldText, tDynamic } from '../../app/i18n';
import { type ApiError, isApiError } from '../../lib/api';

/**
 * The text of one server field error: a field code (`required`, `keyword_taken`), an error code,
 * or, for a bare `invalid` under an error of its own (`shop_credentials_invalid` with
 * `fields.key`), that error's message, which says more.
 */
export function serverFieldText(t: TFunction, error: ApiError, code: string): string {
  if (code === 'invalid' && error.code !== 'validation') return errorText(t, error);
  const field = fieldText(t, code);
  if (field !== code) return field;
  return tDynamic(t, `errors.${code}`, errorText(t, error), error.params);
}

/** The server's field errors of a failure, each as its text; empty when it has none. */
export function serverFields(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.fields) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([name, code]) => [name, serverFieldText(t, error, code)]),
  );
}
