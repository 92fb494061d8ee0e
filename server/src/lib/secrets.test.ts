import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretError } from './secrets.ts';

const KEY = 'test-secret-test-secret-test-secret-123';
const OTHER = 'another-secret-another-secret-another-1';

/** Flips one bit of the byte at `at` of the encoded payload. */
function flip(stored: string, at: number) {
  const raw = Buffer.from(stored.slice(3), 'base64url');
  raw[at] ^= 1;
  return `v1:${raw.toString('base64url')}`;
}

describe('stored secrets', () => {
  it('round-trips a token, versioned, never in clear and different each time', () => {
    const plain = 'EAAB-page-token-é🙂';
    const a = encryptSecret(KEY, plain);
    const b = encryptSecret(KEY, plain);
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('page-token');
    expect(a).not.toBe(b);
    expect(decryptSecret(KEY, a)).toBe(plain);
    expect(decryptSecret(KEY, b)).toBe(plain);
    expect(decryptSecret(KEY, encryptSecret(KEY, ''))).toBe('');
  });

  it('refuses a wrong server secret with a clear error', () => {
    const stored = encryptSecret(KEY, 'token');
    expect(() => decryptSecret(OTHER, stored)).toThrow(SecretError);
    expect(() => decryptSecret(OTHER, stored)).toThrow(/wrong server secret or modified value/);
  });

  it('refuses a modified value: IV, ciphertext or tag', () => {
    const stored = encryptSecret(KEY, 'a longer token to tamper with');
    const size = Buffer.from(stored.slice(3), 'base64url').length;
    for (const at of [0, 12, size - 1]) {
      expect(() => decryptSecret(KEY, flip(stored, at))).toThrow(/modified value/);
    }
    expect(() => decryptSecret(KEY, stored.slice(0, 10))).toThrow(/truncated/);
  });

  it('refuses values without a known version prefix', () => {
    const stored = encryptSecret(KEY, 'token');
    expect(() => decryptSecret(KEY, stored.slice(3))).toThrow(/no version prefix/);
    expect(() => decryptSecret(KEY, `v9:${stored.slice(3)}`)).toThrow(/Unknown stored secret version "v9"/);
  });

  it('opens values of an older server secret while rotating', () => {
    const old = encryptSecret(OTHER, 'token');
    expect(decryptSecret([KEY, OTHER], old)).toBe('token');
    expect(decryptSecret([KEY, OTHER], encryptSecret(KEY, 'new'))).toBe('new');
  });
});
