/**
 * The seller's shop settings: the shop's language and the default cart duration of new live
 * sessions (free shipping and legal documents live in the same row and join these calls later).
 * A seller who never saved them has the defaults of the table: French, 30 minutes.
 */
import type { TLocale } from '@livecart/contract/constants';
import type { TShopSettings, TUpdateSettingsBody } from '@livecart/contract/settings';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { toIso } from '../../lib/sql.ts';
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

function sellerOf(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

type SettingsRow = Pick<typeof settings.$inferSelect, 'shop_locale' | 'cart_duration' | 'updated_at'>;

const toItem = (userId: number, row: SettingsRow | undefined): TShopSettings => ({
  user_id: userId,
  shop_locale: row?.shop_locale === 'en' ? 'en' : DEFAULT_SHOP_LOCALE,
  cart_duration: row?.cart_duration ?? DEFAULT_CART_DURATION_MINUTES,
  updated_at: row ? toIso(row.updated_at) : null,
});

const COLUMNS = {
  shop_locale: settings.shop_locale,
  cart_duration: settings.cart_duration,
  updated_at: settings.updated_at,
};

/** GET fetch-settings: the caller's shop settings. */
export async function fetchSettings(ctx: Ctx): Promise<TShopSettings> {
  const userId = sellerOf(ctx);
  const [row] = await ctx.db.select(COLUMNS).from(settings).where(eq(settings.user_id, userId));
  return toItem(userId, row);
}

/** POST update-settings: saves the fields given (the row is made on the first save). */
export async function updateSettings(ctx: Ctx, body: TUpdateSettingsBody): Promise<TShopSettings> {
  const userId = sellerOf(ctx);
  const changes = {
    ...(body.shop_locale !== undefined && { shop_locale: body.shop_locale }),
    ...(body.cart_duration !== undefined && { cart_duration: body.cart_duration }),
  };
  const [row] = await ctx.db
    .insert(settings)
    .values({ user_id: userId, ...changes })
    .onConflictDoUpdate({ target: settings.user_id, set: { ...changes, updated_at: new Date() } })
    .returning(COLUMNS);
  return toItem(userId, row);
}
