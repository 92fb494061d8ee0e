import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';

/** One file of a zip: its bytes, a stream, or a function that makes them when the zip reaches it. */
export interface ZipEntry {
  /** Path inside the archive (`invoices/F-2026-000042.pdf`); a repeated name gets ` (2)`. */
  name: string;
  content: Buffer | Readable | (() => Promise<Buffer | Readable>);
  /** Modification time shown by archivers; now by default. */
  date?: Date;
}

/** `a.pdf` → `a (2).pdf` when `a.pdf` is taken. */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > name.lastIndexOf('/') + 1;
  const [stem, ext] = hasExtension ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let i = 2; taken.has(candidate); i++) candidate = `${stem} (${i})${ext}`;
  taken.add(candidate);
  return candidate;
}

/**
 * A zip archive written as it is read (for `reply.send(stream)`): lazy entries are produced one
 * at a time when the archive reaches them, so a bulk download of many PDFs holds one in memory.
 * An entry that fails destroys the stream with its error.
 */
export function zipStream(entries: Iterable<ZipEntry>): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.on('error', (err: Error) => out.destroy(err));
  (zip.outputStream as Readable).on('error', (err: Error) => out.destroy(err)).pipe(out);
  const taken = new Set<string>();
  for (const entry of entries) {
    const name = uniqueName(entry.name, taken);
    const options = { mtime: entry.date ?? new Date() };
    const { content } = entry;
    if (Buffer.isBuffer(content)) {
      zip.addBuffer(content, name, options);
    } else if (typeof content === 'function') {
      zip.addReadStreamLazy(name, options, (cb) => {
        content().then(
          (data) => cb(null, Buffer.isBuffer(data) ? Readable.from([data]) : data),
          (err: unknown) => cb(err, undefined as never),
        );
      });
    } else {
      zip.addReadStream(content, name, options);
    }
  }
  zip.end();
  return out;
}

/** The whole archive in memory (small archives, tests). */
export async function zipBuffer(entries: Iterable<ZipEntry>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
