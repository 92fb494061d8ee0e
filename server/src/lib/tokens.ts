import { createHash, createHmac, randomBytes } from 'node:crypto';

/** Hex SHA-256 of a token: what the database keeps instead of the token itself. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A fresh unguessable token (base64url). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * A token derived from the server secret and a purpose (`ingest:12`, `order:LC…`), so it can be
 * shown again later while only its hash is stored. Changing AUTH_SECRET invalidates all of them.
 */
export const derivedToken = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest('base64url');
