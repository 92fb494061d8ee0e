import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import type { App } from './http.ts';
import { installTextGuard, unsafeTextPaths, withoutUnsafeText } from './input-text.ts';

describe('trust #7: the text guard', () => {
  let app: App;
  beforeAll(async () => {
    app = Fastify() as unknown as App;
    app.setErrorHandler((err, _req, reply) =>
      err instanceof AppError
        ? reply.code(err.status).send({ error: err.code, fields: err.fields })
        : reply.code(500).send({ error: 'internal' }),
    );
    installTextGuard(app);
    const echo = async (req: { body: unknown }) => ({ received: req.body });
    app.post('/api/guarded', { config: { access: 'public' } }, echo);
    app.post('/api/own-check', { config: { access: 'public', checksOwnText: true } }, echo);
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses a request whose text holds a NUL, unless the route checks its own text', async () => {
    const payload = { messages: [{ message: 'robe12' }, { message: 'robe12\u0000 M' }] };
    const guarded = await app.inject({ method: 'POST', url: '/api/guarded', payload });
    expect(guarded.statusCode).toBe(400);
    expect(guarded.json()).toEqual({
      error: 'validation',
      fields: { 'messages.1.message': 'invalid_characters' },
    });
    const own = await app.inject({ method: 'POST', url: '/api/own-check', payload });
    expect(own.statusCode).toBe(200);
    expect(own.json().received.messages[1].message).toBe('robe12\u0000 M');
  });

  it('finds NULs and lone surrogates at any depth and in keys, and lets whole pairs through', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unsafeTextPaths(deep)).toHaveLength(1);
    expect(unsafeTextPaths({ ok: 'été 🌸', 'k\ud800': 1, list: ['x', '\udc00'] }).sort()).toEqual([
      'k\ufffd',
      'list.1',
    ]);
    expect(unsafeTextPaths('\ud83d')).toEqual(['_']);
    expect(unsafeTextPaths(Buffer.from([0, 1, 2]))).toEqual([]);
    expect(withoutUnsafeText('a\u0000b\ud83dc 🌸')).toBe('abc 🌸');
  });
});
