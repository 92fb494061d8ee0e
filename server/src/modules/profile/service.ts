import { checkAddressForCountry } from '@livecart/contract/address';
import type { TLocale } from '@livecart/contract/constants';
import { PROFILE_PHOTO_MAX_BYTES } from '@livecart/contract/constants';
import type { TAddressBody, TProfileBody } from '@livecart/contract/profile';
import type { TCurrentUser } from '@livecart/contract/user';
import { fileTypeFromBuffer } from 'file-type';
import type { Storage } from '../../integrations/storage/storage.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { reencodeImage, type TImageFormat } from '../../lib/images.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { retireEmailedLinks } from '../auth/service.ts';
import { countryIso } from '../reference/service.ts';
import {
  addressesOf,
  emailTakenByOther,
  saveAddress as saveUserAddress,
  updateUser,
  userById,
} from '../users/accounts.ts';
import { bumpTokenVersion, loadCurrentUser } from '../users/service.ts';

function me(ctx: Ctx): TCurrentUser {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user;
}

async function reload(ctx: Ctx): Promise<TCurrentUser> {
  const current = await loadCurrentUser(ctx.db, me(ctx).id);
  if (!current) throw new AppError('unauthorized');
  return current.user;
}

/** The profile screen: the user and their addresses. */
export async function getProfile(ctx: Ctx) {
  const user = await reload(ctx);
  const rows = await addressesOf(ctx.db, user.id);
  return { user, addresses: rows.map(({ created_at: _c, updated_at: _u, user_id: _uid, ...a }) => a) };
}

export async function updateProfile(ctx: Ctx, body: TProfileBody): Promise<TCurrentUser> {
  const user = me(ctx);
  if (body.email && (await emailTakenByOther(ctx.db, body.email, user.id))) {
    throw new AppError('email_exists', { email: 'email_exists' });
  }
  await updateUser(ctx.db, user.id, {
    first_name: body.first_name,
    last_name: body.last_name,
    phone: body.phone ?? null,
    company_name: body.company_name,
    tax_id: body.tax_id,
    vat_number: body.vat_number?.toUpperCase().replace(/\s+/g, '') ?? null,
    ...(body.email && { email: body.email }),
  });
  return reload(ctx);
}

/**
 * Changes the password after checking the current one. Every other session ends (token version
 * bumped); the caller's session is re-issued by the route with the new version.
 */
export async function changePassword(ctx: Ctx, oldPassword: string, password: string): Promise<number> {
  const user = me(ctx);
  const row = await userById(ctx.db, user.id);
  if (!row || !(await verifyPassword(oldPassword, row.password_hash))) {
    throw new AppError('wrong_password', { old_password: 'wrong_password' });
  }
  const hash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { password_hash: hash });
    await retireEmailedLinks(tx, user.id);
    const version = await bumpTokenVersion(tx, user.id);
    const to = row.email ?? row.email_real;
    if (to) {
      await enqueueMail(tx, `password_changed:${user.id}:${version}`, {
        to,
        template: 'password_changed',
        locale: row.selected_locale as TLocale,
        data: { first_name: row.first_name ?? '' },
      });
    }
    return version;
  });
}

/**
 * Creates or updates (id present) one of the caller's addresses of the given type, checked
 * against its country (region, post code form) first.
 */
export async function saveAddress(ctx: Ctx, type: 'shipping' | 'seller', body: TAddressBody) {
  const user = me(ctx);
  const iso = await countryIso(ctx.db, body.country_id);
  if (!iso) throw new AppError('validation', { country_id: 'country' });
  const checked = checkAddressForCountry({ state: body.state, post_code: body.post_code }, iso);
  if (!checked.ok) throw new AppError('validation', checked.fields);
  const values = {
    country_id: body.country_id,
    state: checked.value.state ?? null,
    post_code: checked.value.post_code ?? null,
    city: body.city,
    address1: body.address1,
    address2: body.address2,
  };
  const address = await saveUserAddress(ctx.db, user.id, type, values, body.id);
  if (!address) throw notFound();
  return { address, created: !body.id };
}

const PHOTO_TYPES: Record<string, { ext: string; format: TImageFormat }> = {
  'image/jpeg': { ext: 'jpg', format: 'jpeg' },
  'image/png': { ext: 'png', format: 'png' },
};

/**
 * Profile picture: a .jpg or .png checked by its content, at most 5 MB, stored re-encoded
 * (upright, without metadata such as GPS positions, nothing appended: `reencodeImage`).
 */
export async function setPhoto(ctx: Ctx, storage: Storage, data: Buffer): Promise<TCurrentUser> {
  const user = me(ctx);
  if (data.length > PROFILE_PHOTO_MAX_BYTES) throw new AppError('photo_size', { photo: 'photo_size' });
  const type = await fileTypeFromBuffer(data);
  const kind = type && PHOTO_TYPES[type.mime];
  if (!kind) throw new AppError('photo_type', { photo: 'photo_type' });
  const clean = await reencodeImage(data, kind.format).catch(() => {
    throw new AppError('photo_type', { photo: 'photo_type' });
  });
  const key = await storage.put('profile', kind.ext, clean);
  const old = await userById(ctx.db, user.id);
  await updateUser(ctx.db, user.id, { photo: `/files/${key}` });
  if (old?.photo?.startsWith('/files/')) await storage.remove(old.photo.slice('/files/'.length));
  return reload(ctx);
}

export async function setLocale(ctx: Ctx, locale: TLocale): Promise<TCurrentUser> {
  await updateUser(ctx.db, me(ctx).id, { selected_locale: locale });
  return reload(ctx);
}
