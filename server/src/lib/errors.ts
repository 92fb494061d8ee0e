import { ERRORS, type TErrorCode } from '@livecart/contract/errors';

/** An expected failure: answered as `{error: code, message}` with the code's status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    readonly fields?: Record<string, string>,
    readonly detail?: string,
  ) {
    super(detail ?? ERRORS[code].en);
    this.status = ERRORS[code].status;
  }
}

export const notFound = () => new AppError('not_found');
export const forbidden = () => new AppError('forbidden');

/** Field-level validation failure, e.g. `invalidFields({email: 'email'})`. */
export const invalidFields = (fields: Record<string, string>) => new AppError('validation', fields);
