import { ERRORS, formatMessage, type TErrorCode } from '@livecart/contract/errors';

/** What an error answer may carry besides its code, message and fields. */
export interface AppErrorExtra {
  /** Values of the message's `{{placeholders}}`, also answered as `params` (for the web's i18n). */
  params?: Record<string, string | number>;
  /** More fields of the answer body (the CSV import's `report`). */
  body?: Record<string, unknown>;
}

/** An expected failure: answered as `{error: code, message}` with the code's status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    readonly fields?: Record<string, string>,
    readonly detail?: string,
    readonly extra?: AppErrorExtra,
  ) {
    super(detail ?? formatMessage(ERRORS[code].en, extra?.params));
    this.status = ERRORS[code].status;
  }
}

export const notFound = () => new AppError('not_found');
export const forbidden = () => new AppError('forbidden');

/** Field-level validation failure, e.g. `invalidFields({email: 'email'})`. */
export const invalidFields = (fields: Record<string, string>) => new AppError('validation', fields);
