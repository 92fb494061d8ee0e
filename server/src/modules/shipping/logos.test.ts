import type { TShippingMethod } from '@livecart/contract/shipping';
import { SHIPPING_LOGO_MAX_BYTES } from '@livecart/contract/shipping';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeAdmin, startTestApp } from '../../../test/helpers.ts';
import { form, PDF, png, SVG, storedLogos, uniqueName } from '../../../test/shipping-fixtures.ts';
import type { Runtime } from '../../runtime.ts';

type Api = Awaited<ReturnType<typeof client>>;
let rt: Runtime;
let admin: Api;

beforeAll(async () => {
  rt = await startTestApp();
  admin = await client(rt, await makeAdmin(rt));
});
afterAll(() => rt.close());

const catalogue = async () =>
  (await admin.get('/api/shipping/fetch-all')).json().shippings as TShippingMethod[];
const create = (payload: ReturnType<typeof form>) =>
  admin.post('/api/shipping/create', payload.body, payload.headers);

describe('shipping logos, checked by content', () => {
  it('draws a clean SVG into a PNG', async () => {
    const res = await create(
      form({ name: uniqueName() }, [{ filename: 'logo.svg', data: SVG, type: 'image/svg+xml' }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().item.logo as string;
    expect(logo).toMatch(/\.png$/);
    const served = await rt.app.inject({ method: 'GET', url: logo });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses logos that are not PNG, JPG, WebP or a safe SVG, or over 1 MB, and changes nothing', async () => {
    const before = await catalogue();
    const logos = storedLogos(rt);
    const big = Buffer.concat([await png(), Buffer.alloc(SHIPPING_LOGO_MAX_BYTES)]);
    const bad: [string, { filename: string; data: Buffer | string; type: string }, number, string][] = [
      [
        'a PDF named logo.png',
        { filename: 'logo.png', data: PDF, type: 'image/png' },
        400,
        'shipping_logo_type',
      ],
      [
        'a text file named logo.png',
        { filename: 'logo.png', data: 'just some words', type: 'image/png' },
        400,
        'shipping_logo_type',
      ],
      [
        'a GIF',
        {
          filename: 'logo.gif',
          data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'),
          type: 'image/gif',
        },
        400,
        'shipping_logo_type',
      ],
      [
        'an SVG with a script',
        {
          filename: 'logo.svg',
          data: SVG.replace('<rect', '<script>alert(1)</script><rect'),
          type: 'image/svg+xml',
        },
        400,
        'shipping_logo_type',
      ],
      [
        'an SVG with an event handler',
        {
          filename: 'logo.svg',
          data: SVG.replace('<rect', '<rect onload="alert(1)"'),
          type: 'image/svg+xml',
        },
        400,
        'shipping_logo_type',
      ],
      [
        'an SVG linking outside',
        {
          filename: 'logo.svg',
          data: SVG.replace('href="#g"', 'href="https://evil.example/x.svg"'),
          type: 'image/svg+xml',
        },
        400,
        'shipping_logo_type',
      ],
      [
        'an SVG with entities',
        {
          filename: 'logo.svg',
          data: `<!DOCTYPE svg [<!ENTITY a "aaaa">]>${SVG.replace('<?xml version="1.0"?>', '')}`,
          type: 'image/svg+xml',
        },
        400,
        'shipping_logo_type',
      ],
      [
        'an SVG with HTML inside',
        {
          filename: 'logo.svg',
          data: SVG.replace('<rect', '<foreignObject><p>x</p></foreignObject><rect'),
          type: 'image/svg+xml',
        },
        400,
        'shipping_logo_type',
      ],
      [
        'HTML named logo.svg',
        { filename: 'logo.svg', data: `<html><body>${SVG}</body></html>`, type: 'image/svg+xml' },
        400,
        'shipping_logo_type',
      ],
      ['a PNG over 1 MB', { filename: 'logo.png', data: big, type: 'image/png' }, 413, 'shipping_logo_size'],
    ];
    for (const [label, file, status, error] of bad) {
      const res = await create(form({ name: uniqueName() }, [file]));
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toMatchObject({
        error,
        fields: { logo: status === 413 ? 'file_too_large' : 'image_only' },
      });
    }
    const dpd = before.find((m) => m.name === 'DPD') as TShippingMethod;
    const pdf = form({ name: 'DPD' }, [bad[0][1]]);
    const update = await admin.post(`/api/shipping/update/${dpd.id}`, pdf.body, pdf.headers);
    expect(update.statusCode).toBe(400);
    expect(update.json().error).toBe('shipping_logo_type');
    expect(await catalogue()).toEqual(before);
    expect(storedLogos(rt)).toEqual(logos);
  });
});

describe('logo sizes and what an SVG may hide', () => {
  const upload = (name: string, file: { filename: string; data: Buffer | string; type: string }) =>
    create(form({ name }, [file]));
  const servedSize = async (logo: string) => {
    const served = await rt.app.inject({ method: 'GET', url: logo });
    const { width, height } = await sharp(served.rawPayload).metadata();
    return { width, height };
  };

  it('scales a large image down to 1024 pixels a side', async () => {
    const data = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#06c' } })
      .png()
      .toBuffer();
    const res = await upload(uniqueName(), { filename: 'logo.png', data, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await servedSize(res.json().item.logo)).toEqual({ width: 1024, height: 512 });
  });

  it('refuses a small file declaring more pixels than a logo may decode, and keeps nothing', async () => {
    const logos = storedLogos(rt);
    const data = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(data.length).toBeLessThan(SHIPPING_LOGO_MAX_BYTES);
    const res = await upload(uniqueName(), { filename: 'logo.png', data, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'shipping_logo_type' });
    expect(storedLogos(rt)).toEqual(logos);
  });

  it('draws a huge SVG at a lower resolution, not at its declared size', async () => {
    const data =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="50000">' +
      '<rect width="100000" height="50000" fill="#c00"/></svg>';
    const res = await upload(uniqueName(), { filename: 'logo.svg', data, type: 'image/svg+xml' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await servedSize(res.json().item.logo)).toEqual({ width: 1024, height: 512 });
  });

  it('refuses outside links spelt with character references or CSS escapes', async () => {
    const logos = storedLogos(rt);
    const hidden = [
      '<style>rect{fill:&#117;rl(http://127.0.0.1:9/x)}</style>',
      '<style>rect{fill:&#x75;rl(http://127.0.0.1:9/x)}</style>',
      '<style>rect{fill:\\75 rl(http://127.0.0.1:9/x)}</style>',
      '<style>@\\69mport "http://127.0.0.1:9/x.css";</style>',
      '<rect style="fill:&#117;rl(file:///etc/passwd)" width="1" height="1"/>',
    ];
    for (const extra of hidden) {
      const data = SVG.replace('<rect', `${extra}<rect`);
      const res = await upload(uniqueName(), { filename: 'logo.svg', data, type: 'image/svg+xml' });
      expect(res.statusCode, extra).toBe(400);
      expect(res.json(), extra).toMatchObject({ error: 'shipping_logo_type' });
    }
    expect(storedLogos(rt)).toEqual(logos);
  });

  it('draws an SVG whose references and escapes spell nothing forbidden (as design tools export them)', async () => {
    const data = SVG.replace(
      '<rect',
      "<style>text{font-family:'\\5FAE\\8F6F\\96C5\\9ED1'}</style>" +
        '<text x="1" y="9" data-note="a&#10;b">A&#x2014;B</text><rect',
    );
    const res = await upload(uniqueName(), { filename: 'logo.svg', data, type: 'image/svg+xml' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('logos kept from before the catalogue', () => {
  it('deleting or re-logoing an entry removes only files of the logo folder', async () => {
    const { shippingMethods } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const kept = await rt.deps.storage.put('products', 'png', await png());
    const [entry] = await rt.deps.database.db
      .insert(shippingMethods)
      .values({ seller_id: null, name: uniqueName('Ancien'), logo: kept, status: true })
      .returning();
    const relogo = form({ name: entry.name }, [
      { filename: 'logo.png', data: await png('#0c0'), type: 'image/png' },
    ]);
    const res = await admin.post(`/api/shipping/update/${entry.id}`, relogo.body, relogo.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(rt.deps.storage.read(kept), 'the other folder’s file after a new logo').not.toBeNull();
    await rt.deps.database.db
      .update(shippingMethods)
      .set({ logo: kept })
      .where(eq(shippingMethods.id, entry.id));
    expect((await admin.delete(`/api/shipping/delete/${entry.id}`)).statusCode).toBe(200);
    expect(rt.deps.storage.read(kept), 'the other folder’s file after a delete').not.toBeNull();
  });
});
