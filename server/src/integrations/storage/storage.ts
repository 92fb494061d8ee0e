import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Files (photos, documents, invoices) under generated names. Keys look like `profile/ab12….jpg`. */
export interface Storage {
  put(folder: string, ext: string, data: Buffer): Promise<string>;
  read(key: string): Readable | null;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]{1,5}$/;

/** Local directory storage (DATA_DIR/files). */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) return null;
    return path.join(root, key);
  };
  return {
    async put(folder, ext, data) {
      const key = `${folder}/${randomBytes(16).toString('base64url')}.${ext}`;
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
      return key;
    },
    read(key) {
      const file = resolve(key);
      return file && existsSync(file) ? createReadStream(file) : null;
    },
    async remove(key) {
      const file = resolve(key);
      if (file) await rm(file, { force: true });
    },
  };
}
