/**
 * Writing accounts and their addresses: the only place `users` and `addresses` change. The
 * profile screen, sign-up and password links (auth), the free trial (plans) and the checkout call
 * these.
 */
import { ROLE } from '@livecart/contract/constants';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from './service.ts';
import { addresses, users } from './tables.ts';

type UserInsert = typeof users.$inferInsert;
type AddressRow = typeof addresses.$inferSelect;

/** What other modules may change on an account (never its id, role or token version). */
export type UserChange = Partial<
  Pick<
    UserInsert,
    | 'email'
    | 'first_name'
    | 'last_name'
    | 'phone'
    | 'company_name'
    | 'tax_id'
    | 'vat_number'
    | 'photo'
    | 'selected_locale'
    | 'password_hash'
    | 'status'
    | 'email_verified_at'
    | 'subscription_id'
  >
>;

/** Creates an account; answers its row. */
export async function createUser(db: DbOrTx, values: UserInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/** Changes an account (`updated_at` moves with it). */
export async function updateUser(db: DbOrTx, userId: number, change: UserChange): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updated_at: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Sets a seller's own percent of sales (basis points; it replaces their plan's in the billing
 * and the payment providers' fee). The row is locked until the caller's transaction ends, so two
 * changes at once are recorded one after the other. Answers the percent before, or null when the
 * account is not a seller.
 */
export async function setSellerPercent(
  db: DbOrTx,
  sellerId: number,
  bp: number,
): Promise<{ previousBp: number | null } | null> {
  const [before] = await db
    .select({ bp: users.seller_percent_bp })
    .from(users)
    .where(and(eq(users.id, sellerId), eq(users.role_id, ROLE.seller)))
    .for('update');
  if (!before) return null;
  await db.update(users).set({ seller_percent_bp: bp, updated_at: new Date() }).where(eq(users.id, sellerId));
  return { previousBp: before.bp };
}

/** The account row (null when there is none). */
export async function userById(db: DbOrTx, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Whether another account already has this e-mail (any case). */
export async function emailTakenByOther(db: DbOrTx, email: string, userId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return !!taken;
}

/** A postal address's fields. */
export interface AddressFields {
  country_id: number;
  state: string | null;
  post_code: string | null;
  city: string;
  address1: string;
  address2: string | null;
}

/** The user's addresses, oldest first. */
export const addressesOf = (db: DbOrTx, userId: number): Promise<AddressRow[]> =>
  db.select().from(addresses).where(eq(addresses.user_id, userId)).orderBy(asc(addresses.id));

/**
 * Saves one of the user's addresses of a type: the one of id `id` (null when it is not theirs),
 * or a new one without an id.
 */
export async function saveAddress(
  db: DbOrTx,
  userId: number,
  type: 'shipping' | 'seller',
  fields: AddressFields,
  id?: number | null,
): Promise<AddressRow | null> {
  if (id) {
    const [updated] = await db
      .update(addresses)
      .set({ ...fields, updated_at: new Date() })
      .where(and(eq(addresses.id, id), eq(addresses.user_id, userId), eq(addresses.address_type, type)))
      .returning();
    return updated ?? null;
  }
  const [created] = await db
    .insert(addresses)
    .values({ ...fields, user_id: userId, address_type: type })
    .returning();
  return created;
}

/** The shopper's delivery address from a checkout: their latest `shipping` address updated, or a new one. */
export async function saveShippingAddress(
  db: DbOrTx,
  userId: number,
  fields: AddressFields,
): Promise<number> {
  const [latest] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.user_id, userId), eq(addresses.address_type, 'shipping')))
    .orderBy(sql`${addresses.updated_at} DESC, ${addresses.id} DESC`)
    .limit(1);
  const saved = await saveAddress(db, userId, 'shipping', fields, latest?.id);
  return (saved as AddressRow).id;
}
