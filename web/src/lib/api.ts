/**
 * The one HTTP client of the web app: JSON over fetch, same-origin cookies, `/api` base.
 * Every failure becomes an ApiError whose `code` is an error code of the contract (`errors.*`
 * in i18n) or one of the client codes below.
 */

import { splitLocale } from '../app/locale';

export const API_BASE = '/api';

/** Codes of failures that happen in the browser, before or without a server answer. */
export const CLIENT_ERROR = {
  network: 'network_error',
  aborted: 'request_aborted',
  timeout: 'timeout',
  status: 'http_status',
} as const;

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** Interpolation values of the translated message (e.g. `{status}`). */
  readonly params?: Record<string, string | number>;
  /** The whole error body, for answers that carry more (the CSV import's `report`). */
  readonly body?: unknown;

  constructor(
    code: string,
    message: string,
    opts: {
      status?: number;
      fields?: Record<string, string>;
      params?: Record<string, string | number>;
      body?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = opts.status ?? 0;
    this.fields = opts.fields;
    this.params = opts.params;
    this.body = opts.body;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * Sent with every call: the language of the page the person reads (English under /en), so the
 * server answers in it (notifications, colour and size names, messages) whatever language the
 * account last chose.
 */
export const PAGE_LOCALE_HEADER = 'X-Page-Locale';

const pageLocale = () => splitLocale(typeof window === 'undefined' ? '/' : window.location.pathname).locale;

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data. */
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 0 (the default, SPEC §9) means no timeout. */
  timeoutMs?: number;
}

/** `/profile` + `{a: 1}` → `/api/profile?a=1`; empty values are left out. */
export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    search.set(k, String(v));
  }
  const s = search.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}

/**
 * The address of an uploaded file (`/files/profile/a.jpg` → `/api/files/profile/a.jpg`); one the
 * API already gives under its base (`/api/files/legal/a.pdf`) or on another site stays as it is.
 */
export function fileUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//.test(path) || path.startsWith(`${API_BASE}/`)) return path;
  return `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
}

function bodyOf(opts: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (opts.formData) return { body: opts.formData };
  if (opts.form)
    return { body: new URLSearchParams(opts.form), contentType: 'application/x-www-form-urlencoded' };
  if (opts.json !== undefined) return { body: JSON.stringify(opts.json), contentType: 'application/json' };
  return {};
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFromBody(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    const b = body as {
      error: string;
      message?: string;
      fields?: Record<string, string>;
      params?: Record<string, string | number>;
    };
    return new ApiError(b.error, b.message ?? b.error, { status, fields: b.fields, params: b.params, body });
  }
  return new ApiError(CLIENT_ERROR.status, `Request failed with status code ${status}`, {
    status,
    params: { status },
  });
}

/** Sends one request; resolves with the parsed JSON body (undefined when empty). */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  if (opts.signal?.aborted) controller.abort();
  const timer =
    opts.timeoutMs && opts.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, opts.timeoutMs)
      : undefined;
  const { body, contentType } = bodyOf(opts);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [PAGE_LOCALE_HEADER]: pageLocale(),
    ...opts.headers,
  };
  if (contentType) headers['Content-Type'] = contentType;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers,
      body,
      signal: controller.signal,
    });
  } catch {
    if (timedOut) throw new ApiError(CLIENT_ERROR.timeout, 'timeout');
    if (controller.signal.aborted) throw new ApiError(CLIENT_ERROR.aborted, 'Request aborted');
    throw new ApiError(CLIENT_ERROR.network, 'Network Error');
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  const data = await readJson(res);
  if (!res.ok) throw errorFromBody(res.status, data);
  return data as T;
}

type NoBody = Omit<RequestOptions, 'method' | 'json' | 'form' | 'formData'>;

export const api = {
  get: <T>(path: string, query?: Query, opts: NoBody = {}) => request<T>(path, { ...opts, query }),
  post: <T>(path: string, json?: unknown, opts: NoBody = {}) =>
    request<T>(path, { ...opts, method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json?: unknown, opts: NoBody = {}) =>
    request<T>(path, { ...opts, method: 'PUT', json: json ?? {} }),
  patch: <T>(path: string, json?: unknown, opts: NoBody = {}) =>
    request<T>(path, { ...opts, method: 'PATCH', json: json ?? {} }),
  delete: <T>(path: string, opts: NoBody = {}) => request<T>(path, { ...opts, method: 'DELETE' }),
  postForm: <T>(path: string, form: Record<string, string>, opts: NoBody = {}) =>
    request<T>(path, { ...opts, method: 'POST', form }),
  upload: <T>(path: string, formData: FormData, opts: NoBody = {}) =>
    request<T>(path, { ...opts, method: 'POST', formData }),
};

/** A list answer of SPEC §7: `{count, items}`. */
export interface ListResponse<T> {
  count: number;
  items: T[];
}
