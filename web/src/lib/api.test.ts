import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, fileUrl, request } from './api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('API client', () => {
  it('sends JSON with the session cookie and reads JSON back', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, { user: { id: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/profile', { first_name: 'Ana' })).resolves.toEqual({ user: { id: 1 } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/profile');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"first_name":"Ana"}');
  });

  it('sends Auth.js forms url-encoded', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, { url: '/' }));
    vi.stubGlobal('fetch', fetchMock);
    await api.postForm('/auth/signout', { csrfToken: 'abc', callbackUrl: '/signin' });
    const init = fetchMock.mock.calls[0][1];
    expect(init.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(String(init.body)).toBe('csrfToken=abc&callbackUrl=%2Fsignin');
  });

  it("turns the server's error body into an ApiError with its code and fields", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          json(400, { error: 'validation', message: 'Please check', fields: { city: 'min_chars:3' } }),
        ),
    );
    const e = await api.get('/profile').catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      code: 'validation',
      status: 400,
      message: 'Please check',
      fields: { city: 'min_chars:3' },
    });
  });

  it('a failure without an error body reports its status code', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status: 502 })));
    const e = await api.get('/x').catch((x) => x);
    expect(e).toMatchObject({
      code: 'http_status',
      status: 502,
      message: 'Request failed with status code 502',
    });
  });

  it('reports network errors, aborted requests and timeouts', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'network_error' });

    const hang = (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    vi.stubGlobal('fetch', vi.fn().mockImplementation(hang));
    const controller = new AbortController();
    const pending = request('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'request_aborted' });
    await expect(request('/x', { timeoutMs: 10 })).rejects.toMatchObject({ code: 'timeout' });
  });

  it('builds addresses and file links under /api', () => {
    expect(buildUrl('/countries', { a: 1, b: '', c: undefined })).toBe('/api/countries?a=1');
    expect(fileUrl('/files/profile/abc.jpg')).toBe('/api/files/profile/abc.jpg');
    // an address the API gives under its base already (legal PDFs, shipping logos) stays as it is
    expect(fileUrl('/api/files/legal/abc.pdf')).toBe('/api/files/legal/abc.pdf');
    expect(fileUrl(null)).toBeUndefined();
  });
});
