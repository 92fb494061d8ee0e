import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../test/documents.ts';
import { zipBuffer, zipStream } from './zip.ts';

describe('zip helper', () => {
  it('archives buffers, streams and lazily made files that unzip reads back', async () => {
    const big = Buffer.alloc(300_000, 'Crème brûlée — ');
    const made: string[] = [];
    const archive = await zipBuffer([
      { name: 'F-2026-000001.pdf', content: Buffer.from('%PDF-1.7 first') },
      { name: 'notes/stream.txt', content: Readable.from([Buffer.from('from '), Buffer.from('a stream')]) },
      {
        name: 'Facture Société Générale.pdf',
        content: async () => {
          made.push('lazy');
          return big;
        },
      },
    ]);
    expect(made).toEqual(['lazy']);
    const zip = await unzip(archive);
    expect(zip.names).toEqual(['F-2026-000001.pdf', 'notes/stream.txt', 'Facture Société Générale.pdf']);
    expect(zip.read('F-2026-000001.pdf').toString()).toBe('%PDF-1.7 first');
    expect(zip.read('notes/stream.txt').toString()).toBe('from a stream');
    expect(zip.read('Facture Société Générale.pdf').equals(big)).toBe(true);
    expect(archive.length).toBeLessThan(big.length / 10);
  });

  it('makes lazy files one at a time, in order, as the archive is read', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const entries = [1, 2, 3, 4].map((i) => ({
      name: `${i}.txt`,
      content: async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await new Promise((r) => setImmediate(r));
        running--;
        return Buffer.from(`file ${i}`);
      },
    }));
    const zip = await unzip(await zipBuffer(entries));
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(1);
    expect(zip.read('4.txt').toString()).toBe('file 4');
  });

  it('renames a repeated file name instead of hiding one of the files', async () => {
    const zip = await unzip(
      await zipBuffer([
        { name: 'facture.pdf', content: Buffer.from('a') },
        { name: 'facture.pdf', content: Buffer.from('b') },
        { name: 'facture.pdf', content: Buffer.from('c') },
        { name: 'README', content: Buffer.from('d') },
        { name: 'README', content: Buffer.from('e') },
      ]),
    );
    expect(zip.names).toEqual(['facture.pdf', 'facture (2).pdf', 'facture (3).pdf', 'README', 'README (2)']);
    expect(zip.read('facture (3).pdf').toString()).toBe('c');
  });

  it('fails the stream when a file cannot be made', async () => {
    const stream = zipStream([
      { name: 'ok.txt', content: Buffer.from('ok') },
      { name: 'broken.pdf', content: () => Promise.reject(new Error('storage unreachable')) },
    ]);
    await expect(
      (async () => {
        for await (const _ of stream);
      })(),
    ).rejects.toThrow('storage unreachable');
  });

  it('makes a valid empty archive', async () => {
    const archive = await zipBuffer([]);
    expect(archive.subarray(0, 4).toString('hex')).toBe('504b0506');
  });
});
