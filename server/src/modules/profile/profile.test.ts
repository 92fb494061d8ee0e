import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/product-fixtures.ts';
import { addresses, countries, users } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let franceId: number;
beforeAll(async () => {
  rt = await startTestApp();
  [{ id: franceId }] = await rt.deps.database.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso, 'FR'));
});
afterAll(() => rt.close());

// Smallest valid PNG (1×1) and a JPEG header.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const validAddress = () => ({
  country_id: franceId,
  state: 'Gironde',
  post_code: '33000',
  city: 'Bordeaux',
  address1: '3 cours de l’Intendance',
  address2: null,
});

describe('profile', () => {
  it('answers the current user and their addresses', async () => {
    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    const res = await api.get('/api/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: buyer.id, email: buyer.email, role_id: 1 },
      addresses: [],
    });
  });

  it('updates the personal information', async () => {
    const api = await client(rt, await makeBuyer(rt));
    const res = await api.post('/api/profile', {
      first_name: 'Élodie',
      last_name: "N'Diaye",
      phone: '0612345678',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Élodie',
      last_name: "N'Diaye",
      phone: '0612345678',
    });
  });

  it('refuses names with digits, edge spaces or empty, and changes nothing', async () => {
    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    for (const [body, field, code] of [
      [{ first_name: 'Ana1', last_name: 'Diaz' }, 'first_name', 'only_letters'],
      [{ first_name: ' Ana', last_name: 'Diaz' }, 'first_name', 'no_edge_spaces'],
      [{ first_name: 'Ana', last_name: '' }, 'last_name', 'required'],
      [{ first_name: 'Ana', last_name: 'Diaz', phone: '123' }, 'phone', 'min_chars:5'],
    ] as const) {
      const res = await api.post('/api/profile', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(code);
    }
    const [row] = await rt.deps.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row.first_name).toBe('Test');
  });

  it("checklist #13: a seller saves the company's registration and VAT numbers (spaces dropped); a VAT number without its country is refused and nothing changes", async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const base = {
      first_name: 'Inès',
      last_name: 'Morel',
      phone: '0611223344',
      company_name: 'Atelier Inès',
    };
    const bad = await api.post('/api/profile', {
      ...base,
      tax_id: '85234567800017',
      vat_number: '12345678901',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ vat_number: 'vat' });
    const [before] = await rt.deps.database.db.select().from(users).where(eq(users.id, seller.id));
    expect(before.vat_number).toBeNull();

    const res = await api.post('/api/profile', {
      ...base,
      tax_id: '85234567800017',
      vat_number: 'fr 12 345678901',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ tax_id: '85234567800017', vat_number: 'FR12345678901' });
    expect((await api.get('/api/profile')).json().user).toMatchObject({ vat_number: 'FR12345678901' });
  });

  it('switches the language', async () => {
    const api = await client(rt, await makeBuyer(rt));
    const res = await api.get('/api/profile/set-locale?locale=en');
    expect(res.json().user.selected_locale).toBe('en');
    const bad = await api.get('/api/profile/set-locale?locale=de');
    expect(bad.statusCode).toBe(400);
  });
});

describe('addresses', () => {
  it('creates, then updates when the id is given', async () => {
    const api = await client(rt, await makeBuyer(rt));
    const created = await api.post('/api/address', validAddress());
    expect(created.statusCode).toBe(200);
    const id = created.json().address.id;
    const updated = await api.post('/api/address', { ...validAddress(), id, city: 'Mérignac' });
    expect(updated.json()).toMatchObject({ created: false, address: { id, city: 'Mérignac' } });
    expect((await api.get('/api/profile')).json().addresses).toHaveLength(1);
  });

  it('each SPEC §5 address rule answers its message and saves nothing', async () => {
    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ country_id: undefined }, 'country_id', 'country'],
      [{ state: 'ab' }, 'state', 'min_chars:3'],
      [{ city: 'Ly' }, 'city', 'min_chars:3'],
      [{ address1: 'rue' }, 'address1', 'min_chars:5'],
      [{ post_code: '' }, 'post_code', 'required'],
      [{ city: 'Lyon ' }, 'city', 'no_edge_spaces'],
    ];
    for (const [patch, field, code] of cases) {
      const res = await api.post('/api/address', { ...validAddress(), ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().fields[field]).toBe(code);
    }
    const unknownCountry = await api.post('/api/address', { ...validAddress(), country_id: 999999 });
    expect(unknownCountry.json().fields.country_id).toBe('country');
    const rows = await rt.deps.database.db.select().from(addresses).where(eq(addresses.user_id, buyer.id));
    expect(rows).toHaveLength(0);
  });

  it('screens #4: a post code or region that does not fit the country answers 400 naming it and saves nothing', async () => {
    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    const isoId = async (iso: string) =>
      (await rt.deps.database.db.select().from(countries).where(eq(countries.iso, iso)))[0].id;
    const [IT, NL, BE] = [await isoId('IT'), await isoId('NL'), await isoId('BE')];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ post_code: 'zz' }, 'post_code', 'post_code'],
      [{ post_code: '3300' }, 'post_code', 'post_code'],
      [{ country_id: BE, post_code: '33000' }, 'post_code', 'post_code'],
      [{ country_id: NL, post_code: '1012' }, 'post_code', 'post_code'],
      [{ country_id: IT, state: null, post_code: '00184', city: 'Roma' }, 'state', 'required'],
    ];
    for (const [patch, field, code] of cases) {
      const res = await api.post('/api/address', { ...validAddress(), ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().error).toBe('validation');
      expect(res.json().fields, JSON.stringify(patch)).toEqual({ [field]: code });
    }
    expect(await rt.deps.database.db.select().from(addresses).where(eq(addresses.user_id, buyer.id))).toEqual(
      [],
    );

    // what fits is saved as the country writes it: no region in France, Dutch codes spaced
    const fr = await api.post('/api/address', { ...validAddress(), state: null });
    expect(fr.statusCode, fr.body).toBe(200);
    expect(fr.json().address).toMatchObject({ state: null, post_code: '33000' });
    const nl = await api.post('/api/address', {
      ...validAddress(),
      id: fr.json().address.id,
      country_id: NL,
      post_code: '1012ab',
      city: 'Amsterdam',
    });
    expect(nl.json().address).toMatchObject({ country_id: NL, post_code: '1012 AB' });
    const it = await api.post('/api/address', {
      ...validAddress(),
      country_id: IT,
      state: 'Roma',
      post_code: '00184',
      city: 'Roma',
    });
    expect(it.json().address).toMatchObject({ state: 'Roma', post_code: '00184' });
  });

  it("another user's address id answers 404 and is left untouched", async () => {
    const owner = await client(rt, await makeBuyer(rt));
    const id = (await owner.post('/api/address', validAddress())).json().address.id;
    const other = await client(rt, await makeBuyer(rt));
    const res = await other.post('/api/address', { ...validAddress(), id, city: 'Hijacked' });
    expect(res.statusCode).toBe(404);
    const [row] = await rt.deps.database.db.select().from(addresses).where(eq(addresses.id, id));
    expect(row.city).toBe('Bordeaux');
  });

  it('a seller saves their business address; a shopper may not', async () => {
    const seller = await client(rt, await makeSeller(rt));
    const res = await seller.post('/api/address-seller', validAddress());
    expect(res.json().address.address_type).toBe('seller');
    const buyer = await client(rt, await makeBuyer(rt));
    expect((await buyer.post('/api/address-seller', validAddress())).statusCode).toBe(403);
  });
});

describe('profile photo', () => {
  it('accepts a PNG, stores it under a generated name and serves it from the API base', async () => {
    const api = await client(rt, await makeBuyer(rt));
    const { body, headers } = multipart([
      { field: 'photo', filename: 'me.png', data: PNG, type: 'image/png' },
    ]);
    const res = await api.post('/api/profile/photo', body, headers);
    expect(res.statusCode).toBe(200);
    const photo: string = res.json().user.photo;
    expect(photo).toMatch(/^\/files\/profile\/[A-Za-z0-9_-]+\.png$/);
    expect(photo).not.toContain('me.png');
    const served = await rt.app.inject({ url: `/api${photo}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // stored re-encoded (src/lib/images.test.ts): the same 1 × 1 picture, not the same bytes
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
  });

  it('refuses a text file renamed .jpg, and keeps the old photo', async () => {
    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    const fake = multipart([
      {
        field: 'photo',
        filename: 'holiday.jpg',
        data: Buffer.from('#!/bin/sh\necho not an image\n'),
        type: 'image/jpeg',
      },
    ]);
    const res = await api.post('/api/profile/photo', fake.body, fake.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'photo_type',
      message: 'La photo de profil doit être une image .jpg ou .png',
    });
    const [row] = await rt.deps.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row.photo).toBeNull();
  });

  it('refuses a picture over 5 MB', async () => {
    const api = await client(rt, await makeBuyer(rt));
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const { body, headers } = multipart([
      { field: 'photo', filename: 'big.png', data: big, type: 'image/png' },
    ]);
    const res = await api.post('/api/profile/photo', body, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('photo_size');
  });

  it('a form cut short answers 400 bad_request, not a server error, and keeps the old photo', async () => {
    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    const { body, headers } = multipart([
      { field: 'photo', filename: 'a.png', data: PNG, type: 'image/png' },
    ]);
    const res = await api.post('/api/profile/photo', body.subarray(0, 60), headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
    const [row] = await rt.deps.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row.photo).toBeNull();
  });

  it('a mutating call from another origin is refused', async () => {
    const api = await client(rt, await makeBuyer(rt));
    const { body, headers } = multipart([
      { field: 'photo', filename: 'me.png', data: PNG, type: 'image/png' },
    ]);
    const res = await api.post('/api/profile/photo', body, { ...headers, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await api.get('/api/profile')).json().user.photo).toBeNull();
  });
});

describe('countries', () => {
  it('lists the ISO countries with French and English names', async () => {
    const res = await rt.app.inject({ url: '/api/countries' });
    const list = res.json().countries as { iso: string; name_fr: string; name_en: string }[];
    expect(list.length).toBeGreaterThan(240);
    expect(list.find((c) => c.iso === 'DE')).toMatchObject({ name_fr: 'Allemagne', name_en: 'Germany' });
  });
});
