import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ShopCallError } from './platform.ts';

/**
 * The one way the server calls a seller's shop. A seller types the shop's address, so it must not
 * make the server call the inside of its network: only https, to a host whose every resolved
 * address is public (unicast), checked at connection time by the socket's own DNS lookup (so a
 * name that resolves to a public address once and a private one next cannot slip through). With
 * `allowLocalHttp` (SHOP_SYNC_ALLOW_LOCAL_HTTP=true, tests and development, or the sandbox's own
 * shops) `http://127.0.0.1:…` and `http://localhost:…` are allowed too, and nothing else more.
 * Answers are capped (`MAX_ANSWER_BYTES`) and time out.
 */

export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;

export interface ShopHttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  allowLocalHttp: boolean;
  timeoutMs?: number;
}

export interface ShopHttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why a shop address is refused, or null when it may be called (before any DNS lookup). */
export function addressProblem(raw: string, allowLocalHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the address';
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol === 'http:' && !(allowLocalHttp && local)) return 'not https';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not https';
  if (local && !allowLocalHttp) return 'a local address';
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !local && !isPublicAddress(literal)) return 'not a public address';
  if (url.port && !local && url.port !== '443') return 'a port other than 443';
  return null;
}

/** Unicast addresses of the internet: not private, loopback, link-local, multicast, reserved… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  // `::a.b.c.d` (IPv4-compatible, deprecated) reads as unicast to ipaddr.js: refused like the rest of ::/96.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
  return ip.range() === 'unicast';
}

/** The socket's DNS lookup, refusing a name that resolves to any address that is not public. */
function publicLookup(allowLocal: (host: string) => boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !isPublicAddress(a.address) && !allowLocal(a.address));
      if (refused || list.length === 0) {
        const e = Object.assign(new Error(`${hostname} resolves to an address that is not public`), {
          code: 'ESHOPADDRESS',
        });
        return callback(e, '', 4);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

const isLoopback = (a: string) => {
  try {
    return ipaddr.parse(a).range() === 'loopback';
  } catch {
    return false;
  }
};

/**
 * Calls the shop. Throws {@link ShopCallError} `unreachable` for a refused address, a network
 * failure, a timeout or an answer over the cap; answers any HTTP status otherwise (the adapter
 * reads it).
 */
export function shopRequest(req: ShopHttpRequest): Promise<ShopHttpAnswer> {
  const problem = addressProblem(req.url, req.allowLocalHttp);
  if (problem) return Promise.reject(new ShopCallError('unreachable', `Shop address refused: ${problem}`));
  const url = new URL(req.url);
  const body = req.json === undefined ? undefined : Buffer.from(JSON.stringify(req.json));
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'LiveCart-ShopSync/1.0',
    ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
    ...req.headers,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const local = LOCAL_HOSTS.has(url.hostname);
  return new Promise((resolve, reject) => {
    const r = send(
      url,
      {
        method: req.method,
        headers,
        timeout: req.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        lookup: publicLookup((a) => req.allowLocalHttp && local && isLoopback(a)) as never,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            r.destroy(new ShopCallError('unreachable', 'The shop answered more than the allowed size'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (err) => reject(toCallError(err)));
      },
    );
    // `timeout` above is the socket's idle time; this is the whole call's, however slowly bytes trickle.
    const deadline = setTimeout(
      () => r.destroy(new ShopCallError('unreachable', 'The shop did not answer in time')),
      (req.timeoutMs ?? DEFAULT_TIMEOUT_MS) * 2,
    );
    deadline.unref();
    r.on('close', () => clearTimeout(deadline));
    r.on('timeout', () => r.destroy(new ShopCallError('unreachable', 'The shop did not answer in time')));
    r.on('error', (err) => reject(toCallError(err)));
    if (body) r.write(body);
    r.end();
  });
}

function toCallError(err: Error): ShopCallError {
  if (err instanceof ShopCallError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ESHOPADDRESS')
    return new ShopCallError('unreachable', 'Shop address refused: not a public address');
  return new ShopCallError('unreachable', `The shop could not be reached (${code ?? err.message})`);
}

/** Reads a JSON answer; an answer that is not JSON throws `invalid`. */
export function jsonOf<T>(answer: ShopHttpAnswer): T {
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new ShopCallError(
      'invalid',
      `The shop answered something that is not JSON (HTTP ${answer.status})`,
      answer.status,
    );
  }
}
