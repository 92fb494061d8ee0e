import {
  MAX_CUSTOM_REPLIES,
  SYSTEM_REPLIES,
  type TChangeActiveResult,
  type TChatbotList,
  type TChatbotListQuery,
  type TChatbotMessage,
  type TChatbotMessageBodyOut,
} from '@livecart/contract/chatbot';
import { ROLE } from '@livecart/contract/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, forbidden, invalidFields, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { foldSql, queryRows } from '../../lib/sql.ts';
import {
  ANSWER_COUNT,
  callerOf,
  filterConds,
  lockReplies,
  MESSAGE_COLUMNS,
  type MessageRow,
  readMessages,
  toMessage,
  withProduct,
} from './messages.ts';
import { systemMessageList } from './system.ts';
import { chatbotMessages } from './tables.ts';

/*
 * A seller's custom replies (`type = 'users'`): their own answers to trigger words in live
 * comments. Only the seller reads or changes them; another seller's id is 404.
 */

/** The seller's custom reply of `id`, or null. */
async function ownReply(db: DbOrTx, sellerId: number, id: number): Promise<TChatbotMessage | null> {
  const [item] = await readMessages(
    db,
    sql`chatbot_messages`,
    sql`m.id = ${id} AND m.seller_id = ${sellerId} AND m.type = 'users'`,
  );
  return item ?? null;
}

/** Locks the seller's custom replies of `ids`; any id that is not one answers 404. */
async function lockOwn(tx: DbOrTx, sellerId: number, ids: number[]): Promise<void> {
  if (!ids.length) throw new AppError('select_item');
  const rows = await tx
    .select({ id: chatbotMessages.id })
    .from(chatbotMessages)
    .where(
      and(
        inArray(chatbotMessages.id, ids),
        eq(chatbotMessages.seller_id, sellerId),
        eq(chatbotMessages.type, 'users'),
      ),
    )
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound();
}

/**
 * A name is the seller's one reply's (compared trimmed, in any case), and never a system event's:
 * a seller's override of a system reply is stored under the event's name.
 */
async function checkName(tx: DbOrTx, sellerId: number, name: string, id: number | undefined) {
  const key = name.trim().toLowerCase();
  const taken =
    (SYSTEM_REPLIES as readonly string[]).includes(key) ||
    (
      await queryRows(
        tx,
        sql`SELECT 1 FROM chatbot_messages
             WHERE seller_id = ${sellerId} AND type = 'users' AND lower(btrim(name)) = lower(btrim(${name}))
               AND id <> ${id ?? 0}
             LIMIT 1`,
      )
    ).length > 0;
  if (taken) throw new AppError('chatbot_name_taken', { name: 'chatbot_name_taken' });
}

/** A reply names one of the seller's own products, not deleted (else 400 on `product_id`). */
async function checkProduct(tx: DbOrTx, sellerId: number, productId: number | null | undefined) {
  if (!productId) return;
  const rows = await queryRows(
    tx,
    sql`SELECT 1 FROM products WHERE id = ${productId} AND seller_id = ${sellerId} AND deleted_at IS NULL`,
  );
  if (!rows.length) throw invalidFields({ product_id: 'product' });
}

/** A seller keeps at most MAX_CUSTOM_REPLIES custom replies. */
async function checkRoom(tx: DbOrTx, sellerId: number) {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM chatbot_messages WHERE seller_id = ${sellerId} AND type = 'users'`,
  );
  if (n >= MAX_CUSTOM_REPLIES) throw new AppError('chatbot_limit');
}

/**
 * POST chatbot: creates a custom reply, or updates the seller's reply of `id`. Texts were checked
 * by the contract; the name, the number of replies and the product are checked here, under the
 * seller's lock, and nothing is saved on any refusal.
 */
export async function saveReply(ctx: Ctx, body: TChatbotMessageBodyOut): Promise<TChatbotMessage> {
  const sellerId = callerOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockReplies(tx, sellerId);
    if (body.id !== undefined) await lockOwn(tx, sellerId, [body.id]);
    else await checkRoom(tx, sellerId);
    await checkName(tx, sellerId, body.name, body.id);
    await checkProduct(tx, sellerId, body.product_id);
    const values = {
      name: body.name.trim(),
      keywords: body.keywords.join(','),
      message_fr: body.message_fr,
      message_en: body.message_en,
      product_id: body.product_id ?? null,
      discount_percent: body.discount ?? null,
      max_answer_count: body.max_answer_count ?? null,
      active: body.active,
      updated_at: new Date(),
    };
    const [saved] =
      body.id !== undefined
        ? await tx
            .update(chatbotMessages)
            .set(values)
            .where(eq(chatbotMessages.id, body.id))
            .returning({ id: chatbotMessages.id })
        : await tx
            .insert(chatbotMessages)
            .values({ ...values, seller_id: sellerId, type: 'users' })
            .returning({ id: chatbotMessages.id });
    const item = await ownReply(tx, sellerId, saved.id);
    if (!item) throw notFound();
    return item;
  });
}

/**
 * GET fetch-chatbot-message/{id}: a seller's own custom reply; for the admin, a platform system
 * reply. Any other id answers 404.
 */
export async function getMessage(ctx: Ctx, id: number): Promise<TChatbotMessage> {
  const callerId = callerOf(ctx);
  const [item] =
    ctx.user?.role_id === ROLE.admin
      ? await readMessages(
          ctx.db,
          sql`chatbot_messages`,
          sql`m.id = ${id} AND m.seller_id IS NULL AND m.type = 'system'`,
        )
      : [await ownReply(ctx.db, callerId, id)];
  if (!item) throw notFound();
  return item;
}

/**
 * GET fetch-chatbot-messages: `type=users` (a seller's default) the seller's custom replies,
 * searched in names and trigger words; `type=system` (the admin's default) the system replies as
 * the caller has them. The admin has no custom replies: 403.
 */
export async function listMessages(ctx: Ctx, q: TChatbotListQuery): Promise<TChatbotList> {
  const admin = ctx.user?.role_id === ROLE.admin;
  const type = q.type ?? (admin ? 'system' : 'users');
  if (type === 'system') return systemMessageList(ctx, q);
  if (admin) throw forbidden();
  const sellerId = callerOf(ctx);
  const list: ListDef<TChatbotListQuery, MessageRow, TChatbotMessage> = {
    select: MESSAGE_COLUMNS,
    from: withProduct(sql`chatbot_messages`),
    where: ({ queryFilter }) => [
      sql`m.seller_id = ${sellerId}`,
      sql`m.type = 'users'`,
      ...filterConds(queryFilter),
    ],
    search: [sql`m.name`, sql`m.keywords`],
    order: {
      columns: { name: foldSql(sql`m.name`), created_at: sql`m.created_at`, answer_count: ANSWER_COUNT },
      tieBreaker: sql`m.id`,
      notNull: ['name', 'created_at', 'answer_count'],
    },
    map: toMessage,
  };
  return runList(ctx.db, list, q);
}

/**
 * DELETE chatbot/delete/{id} and POST chatbot/bulk-delete: the seller's custom replies go, with
 * their answer counters; the comments they answered stay (their replies were sent with the text).
 * None checked: `select_item`; an id that is not the seller's reply: 404 and nothing is deleted.
 */
export async function deleteReplies(ctx: Ctx, ids: number[]): Promise<number> {
  const sellerId = callerOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOwn(tx, sellerId, ids);
    await tx.delete(chatbotMessages).where(inArray(chatbotMessages.id, ids));
    return new Set(ids).size;
  });
}

/** GET chatbot/change-active/{id}: switches the seller's reply on or off. */
export async function toggleReply(ctx: Ctx, id: number): Promise<TChangeActiveResult> {
  const sellerId = callerOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOwn(tx, sellerId, [id]);
    const [row] = await tx
      .update(chatbotMessages)
      .set({ active: sql`NOT ${chatbotMessages.active}`, updated_at: new Date() })
      .where(eq(chatbotMessages.id, id))
      .returning({ active: chatbotMessages.active });
    return { success: true, active: row.active, count: 1 };
  });
}

/** GET chatbot/change-active-all?status: every custom reply of the seller on or off; counts those that changed. */
export async function setAllActive(ctx: Ctx, active: boolean): Promise<TChangeActiveResult> {
  const sellerId = callerOf(ctx);
  const changed = await ctx.db
    .update(chatbotMessages)
    .set({ active, updated_at: new Date() })
    .where(
      and(
        eq(chatbotMessages.seller_id, sellerId),
        eq(chatbotMessages.type, 'users'),
        sql`${chatbotMessages.active} <> ${active}`,
      ),
    )
    .returning({ id: chatbotMessages.id });
  return { success: true, active, count: changed.length };
}
