/*
 * Reading back the documents the product makes, with JavaScript libraries only (no system tool):
 * PDFs with pdfjs-dist (Mozilla's reader), zip archives with yauzl (which checks every entry's CRC).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import yauzl from 'yauzl';

interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

/**
 * The text of a PDF laid out as it prints: items on the same baseline make one line (left to
 * right, a space where they are apart, indented when it starts right of the left edge), lines top
 * to bottom, pages separated by a form feed.
 * No-break spaces read as plain spaces, as in `1 234,50 €`.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const rows = new Map<number, TextItem[]>();
    for (const item of content.items as TextItem[]) {
      if (!('str' in item) || item.str === '') continue;
      const y = Math.round(item.transform[5]);
      const row = [...rows.keys()].find((k) => Math.abs(k - y) <= 2) ?? y;
      rows.set(row, [...(rows.get(row) ?? []), item]);
    }
    const left = Math.min(...[...rows.values()].flat().map((i) => i.transform[4]));
    const lines = [...rows.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, items]) => {
        items.sort((a, b) => a.transform[4] - b.transform[4]);
        // A line starting right of the page's left edge is indented, as it prints.
        const indent = items[0].transform[4] - left;
        let line = indent > 1 ? ' '.repeat(Math.max(1, Math.round(indent / 5))) : '';
        let end = Number.NEGATIVE_INFINITY;
        for (const item of items) {
          const x = item.transform[4];
          if (line.trim() && x - end > 1) line += ' ';
          line += item.str;
          end = x + item.width;
        }
        return line;
      });
    pages.push(`${lines.join('\n')}\n`);
    page.cleanup();
  }
  await doc.destroy();
  return pages.join('\f').replace(/[\u00a0\u202f]/g, ' ');
}

/** The names of the fonts a PDF embeds, without their subset prefix (`ABCDEF+`). */
export function pdfFonts(pdf: Buffer): string[] {
  const names = new Set<string>();
  for (const m of pdf.toString('latin1').matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([A-Za-z0-9._-]+)/g)) {
    names.add(m[1]);
  }
  return [...names].sort();
}

/** The entries of a zip archive, in order; every entry is read and its CRC checked (a corrupt archive throws). */
export async function unzip(archive: Buffer) {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(archive, { lazyEntries: true, decodeStrings: true }, (err, z) =>
      err || !z ? reject(err) : resolve(z),
    ),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return {
    names: [...files.keys()],
    read: (name: string) => {
      const file = files.get(name);
      if (!file) throw new Error(`No ${name} in the archive`);
      return file;
    },
  };
}
