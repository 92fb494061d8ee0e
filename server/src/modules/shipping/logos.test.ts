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
