/**
 * The seller's shop settings: the shop's language, the default cart duration of new live sessions,
 * free shipping and the legal documents (legal.ts), all in one row per seller. A seller who never
 * saved them has the defaults of the table: French, 30 minutes, no free shipping, no documents.
 */
import type { TLocale } from '@livecart/contract/constants';
import type { TShopSettings, TUpdateSettingsBody } from '@livecart/contract/settings';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import { toIso } from '../../lib/sql.ts';
import { fileUrl } from '../products/photos.ts';
import { settings } from './tables.ts';

/** What a seller has before saving any setting (the table's defaults). */
export const DEFAULT_SHOP_LOCALE: TLocale = 'fr';
export const DEFAULT_CART_DURATION_MINUTES = 30;

/** The settings other modules read: the shop's language and its default cart duration. */
export interface ShopSettings {
  locale: TLocale;
  cartDuration: number;
}

/** The shop settings of a seller (the defaults when they never saved any). */
export async function shopSettings(db: DbOrTx, sellerId: number): Promise<ShopSettings> {
  const [row] = await db
    .select({ shop_locale: settings.shop_locale, cart_duration: settings.cart_duration })
    .from(settings)
    .where(eq(settings.user_id, sellerId));
  return {
    locale: row?.shop_locale === 'en' ? 'en' : DEFAULT_SHOP_LOCALE,
    cartDuration: row?.cart_duration ?? DEFAULT_CART_DURATION_MINUTES,
  };
}

/** The calling seller's id (the routes let sellers only). */
export function sellerOf(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

type SettingsRow = typeof settings.$inferSelect;

/**
 * A legal document as the address it is served at: an upload's storage key (`legal/….pdf`) as its
 * `/api/files/…` address; an address (rows older than uploads) as it is.
 */
export const legalDocUrl = (value: string | null) =>
  !value ? null : /^(https?:)?\/\//.test(value) || value.startsWith('/') ? value : fileUrl(value);

/** The settings item of the API from the seller's row (the defaults when there is none). */
export const toItem = (userId: number, row: SettingsRow | undefined): TShopSettings => ({
  user_id: userId,
  shop_locale: row?.shop_locale === 'en' ? 'en' : DEFAULT_SHOP_LOCALE,
  cart_duration: row?.cart_duration ?? DEFAULT_CART_DURATION_MINUTES,
  free_shipping_status: row?.free_shipping_status ?? false,
  free_shipping_threshold:
    row?.free_shipping_threshold_cents == null ? null : toEuros(row.free_shipping_threshold_cents),
  free_shipping_timer: row?.free_shipping_timer ?? false,
  doctype: row?.doctype === 'link' ? 'link' : 'file',
  privacy_doc: legalDocUrl(row?.privacy_doc ?? null),
  terms_doc: legalDocUrl(row?.terms_doc ?? null),
  delivery_doc: legalDocUrl(row?.delivery_doc ?? null),
  return_doc: legalDocUrl(row?.return_doc ?? null),
  privacy_link: row?.privacy_link ?? null,
  terms_link: row?.terms_link ?? null,
  delivery_link: row?.delivery_link ?? null,
  return_link: row?.return_link ?? null,
  blocked_message: row?.blocked_message ?? null,
  created_at: row ? toIso(row.created_at) : null,
  updated_at: row ? toIso(row.updated_at) : null,
});

/** GET fetch-settings: the caller's shop settings. */
export async function fetchSettings(ctx: Ctx): Promise<TShopSettings> {
  const userId = sellerOf(ctx);
  const [row] = await ctx.db.select().from(settings).where(eq(settings.user_id, userId));
  return toItem(userId, row);
}

type SettingsChange = Partial<Omit<typeof settings.$inferInsert, 'id' | 'user_id'>>;

/**
 * Saves `changes` to the seller's settings row; the row is made on the first save, with the
 * defaults for the rest. Answers the row as saved.
 */
export async function upsertSettings(db: DbOrTx, sellerId: number, changes: SettingsChange) {
  const [row] = await db
    .insert(settings)
    .values({ user_id: sellerId, ...changes })
    .onConflictDoUpdate({ target: settings.user_id, set: changes })
    .returning();
  return row;
}

/** POST update-settings: saves the fields given (the row is made on the first save). */
export async function updateSettings(ctx: Ctx, body: TUpdateSettingsBody): Promise<TShopSettings> {
  const userId = sellerOf(ctx);
  const changes = {
    ...(body.shop_locale !== undefined && { shop_locale: body.shop_locale }),
    ...(body.cart_duration !== undefined && { cart_duration: body.cart_duration }),
    ...(body.blocked_message !== undefined && { blocked_message: body.blocked_message }),
  };
  return toItem(userId, await upsertSettings(ctx.db, userId, { ...changes, updated_at: new Date() }));
}

/** POST onboarding/dismiss: the seller closed the first-live checklist (the row is made if need be). */
export async function dismissChecklist(db: DbOrTx, sellerId: number): Promise<void> {
  await upsertSettings(db, sellerId, { checklist_dismissed_at: new Date() });
}
