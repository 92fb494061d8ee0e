import { AppError } from './errors.ts';

/** @fastify/multipart's errors for a body holding more parts, files or fields than allowed. */
const OVER_LIMITS = new Set(['FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT']);

/**
 * What reading an upload failed with, as the caller hears it: a file over its size answers the
 * route's own error (`fileTooLarge`), more parts or fields than its limits 413 `too_large`, and a
 * body that is not the multipart it announces (no boundary, cut short) 400 `bad_request`, never
 * a 500. Our own errors, and Fastify's that carry a status, pass as they are.
 */
export function uploadError(err: unknown, fileTooLarge: () => AppError): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code && OVER_LIMITS.has(code)) return new AppError('too_large');
  if (err instanceof AppError || (err as { statusCode?: number }).statusCode) return err as Error;
  return new AppError('bad_request');
}
