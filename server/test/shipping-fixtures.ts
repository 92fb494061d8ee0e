import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Runtime } from '../src/runtime.ts';

/* Helpers of the shipping tests: unique carrier names, logo files and the forms that send them. */

let n = 0;
/** A carrier name no other test uses. */
export const uniqueName = (base = 'Transporteur') => `${base} ${Date.now().toString(36)}${++n}`;

/** A multipart body with text fields and files (field `logo` unless told). */
export function form(
  fields: Record<string, string>,
  files: { field?: string; filename: string; data: Buffer | string; type: string }[] = [],
) {
  const boundary = `----ship${Date.now()}${++n}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'logo'}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small PNG of one colour. */
export const png = (color = '#c00') =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A clean SVG: XML declaration, a comment, a gradient used by internal references only. */
export const SVG =
  '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">' +
  '<defs><linearGradient id="g"><stop offset="0" stop-color="#c00"/></linearGradient></defs>' +
  '<rect width="40" height="20" fill="url(#g)"/><use href="#g"/></svg>';

/** A tiny PDF document. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** The logo files stored, to check a refusal left none behind. */
export const storedLogos = (rt: Runtime) => {
  const dir = path.join(rt.deps.config.filesDir, 'shipping');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
