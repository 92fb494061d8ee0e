import { vi } from 'vitest';

type Handler = (init: RequestInit, url: URL) => unknown;

/**
 * Fakes the API: `routes` maps 'METHOD /api/path' to a handler returning a JSON body, or a
 * Response for other statuses. Unknown calls answer 404 JSON, like the server.
 */
export function mockApi(routes: Record<string, Handler | object>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (route === undefined) {
      return new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404 });
    }
    const body = typeof route === 'function' ? (route as Handler)(init, url) : route;
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body a mocked call was made with. */
export const sentJson = (init: RequestInit) => JSON.parse(String(init.body));

export const errorResponse = (status: number, error: string, message = error) =>
  new Response(JSON.stringify({ error, message }), { status });
