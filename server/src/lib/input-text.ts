import { invalidFields } from './errors.ts';
import { type App, isApiRequest } from './http.ts';

/**
 * A NUL character, or half of a UTF-16 surrogate pair without its other half. PostgreSQL refuses
 * NUL in text and lone surrogates in JSON, and a lone surrogate is no character at all.
 */
const UNSAFE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

/** Whether a text holds a NUL character or a lone surrogate. */
export const hasUnsafeText = (text: string) => UNSAFE.test(text);

/** The text without its NUL characters and lone surrogates. */
export const withoutUnsafeText = (text: string) => text.replace(UNSAFE_ALL, '');

const isPlainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * The paths (`address.city`, `tags.1`, `queryFilter.product_name`; `_` for the value itself) of
 * the texts in a parsed input that hold a NUL or a lone surrogate, object keys included. Walks
 * plain objects and arrays only (not Buffers), without recursion, so any depth is fine.
 */
export function unsafeTextPaths(input: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[input, '']];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (UNSAFE.test(value)) found.push(path || '_');
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        stack.push([v, join(path, String(i))]);
      });
    } else if (value !== null && typeof value === 'object' && isPlainObject(value)) {
      for (const [key, v] of Object.entries(value)) {
        const safeKey = key.replace(UNSAFE_ALL, '\ufffd');
        if (safeKey !== key) found.push(join(path, safeKey));
        stack.push([v, join(path, safeKey)]);
      }
    }
  }
  return found;
}

/**
 * Refuses, before any handler runs, an /api request whose route params, query string or body
 * (JSON, form-encoded, and what validation parsed, such as `queryFilter`) hold a NUL or a lone
 * surrogate anywhere: 400 `validation` with each such field marked `invalid_characters`, and
 * nothing changes. A route declaring `config.checksOwnText` (live comments: one bad comment must
 * not fail its post) cleans or refuses such text itself. Handlers reading multipart text fields
 * check them with `hasUnsafeText`.
 */
export function installTextGuard(app: App) {
  app.addHook('preHandler', async (request) => {
    if (!isApiRequest(request) || request.routeOptions.config?.checksOwnText) return;
    const paths = [
      ...unsafeTextPaths(request.params),
      ...unsafeTextPaths(request.query),
      ...unsafeTextPaths(request.body),
    ];
    if (paths.length) {
      throw invalidFields(Object.fromEntries(paths.map((p) => [p, 'invalid_characters'])));
    }
  });
}
