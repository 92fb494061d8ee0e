import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server keeps for later use (page access tokens, payment credentials), encrypted at
 * rest with AES-256-GCM. The key is derived from the server secret (AUTH_SECRET) with HKDF, so
 * nothing else needs keeping. A stored value reads `v1:<base64url of iv ‖ ciphertext ‖ tag>`:
 * the version prefix names the derivation and layout, so a later `v2:` can rotate them while old
 * values still decrypt. Decrypting with a wrong key or a modified value throws {@link SecretError}.
 */
const VERSION = 'v1';
const INFO = 'livecart/stored-secrets/v1';
const SALT = 'livecart';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretError extends Error {
  override name = 'SecretError';
}

const keys = new Map<string, Buffer>();

function keyFor(authSecret: string): Buffer {
  let key = keys.get(authSecret);
  if (!key) {
    if (!authSecret) throw new SecretError('Cannot encrypt or decrypt a secret without a server secret');
    key = Buffer.from(hkdfSync('sha256', authSecret, SALT, INFO, 32));
    keys.set(authSecret, key);
  }
  return key;
}

/** Encrypts `plain` for storage; each call gives a different value (random IV). */
export function encryptSecret(authSecret: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(authSecret), iv);
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/**
 * Decrypts a value of {@link encryptSecret}. Give several server secrets (newest first) while
 * rotating AUTH_SECRET: the first that opens the value wins.
 */
export function decryptSecret(authSecret: string | readonly string[], stored: string): string {
  const sep = stored.indexOf(':');
  const version = sep > 0 ? stored.slice(0, sep) : '';
  if (version !== VERSION) {
    throw new SecretError(
      version ? `Unknown stored secret version "${version}"` : 'Stored secret has no version prefix',
    );
  }
  const raw = Buffer.from(stored.slice(sep + 1), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretError('Stored secret is truncated');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  for (const secret of typeof authSecret === 'string' ? [authSecret] : authSecret) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), iv);
      decipher.setAAD(Buffer.from(VERSION));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch (err) {
      if (err instanceof SecretError) throw err;
    }
  }
  throw new SecretError('Stored secret cannot be decrypted: wrong server secret or modified value');
}
