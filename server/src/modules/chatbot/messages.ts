import {
  MANDATORY_REPLIES,
  type TChatbotListQuery,
  type TChatbotMessage,
  type TChatbotType,
} from '@livecart/contract/chatbot';
import { ROLE } from '@livecart/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import { type Cond, queryRows, toIso } from '../../lib/sql.ts';

/*
 * A chatbot message as the screens show it (ZChatbotMessage), read the same way for a seller's
 * custom replies and for the system replies: the product it names and the comments it answered.
 */

/** Serialises every change of one seller's replies (their count, their names). */
const CHATBOT_LOCK = 727_316;

/** Locks the seller's replies for the rest of the transaction. */
export async function lockReplies(tx: DbOrTx, sellerId: number): Promise<void> {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${CHATBOT_LOCK}::int, ${sellerId}::int)`);
}

/** The caller's id (a seller's replies are scoped by it). */
export function callerOf(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

/** The seller whose system replies the caller reads and writes: null for the admin (the platform's). */
export function systemOwnerOf(ctx: Ctx): number | null {
  return ctx.user?.role_id === ROLE.admin ? null : callerOf(ctx);
}

export interface MessageRow {
  id: number;
  type: TChatbotType;
  name: string;
  keywords: string;
  message_fr: string;
  message_en: string;
  active: boolean;
  discount_percent: number | null;
  max_answer_count: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  answer_count: number;
  product_id: number | null;
  product_name: string | null;
  product_price_cents: number | null;
  product_keywords: string | null;
}

/** Comments the reply `m` answered, every live together. */
export const ANSWER_COUNT = sql`(SELECT coalesce(sum(a.answers), 0)::int FROM chatbot_session_answers a WHERE a.message_id = m.id)`;

/** The columns of a MessageRow, from `m` (a chatbot message) and `p` (its product). */
export const MESSAGE_COLUMNS = sql`m.id, m.type, m.name, m.keywords, m.message_fr, m.message_en, m.active,
  m.discount_percent, m.max_answer_count, m.created_at, m.updated_at, ${ANSWER_COUNT} AS answer_count,
  p.id AS product_id, p.name AS product_name, p.price_cents AS product_price_cents, p.keywords AS product_keywords`;

/** Messages of `source` as `m`, with the product each names as `p` (a deleted product names none). */
export const withProduct = (source: SQL) =>
  sql`${source} m LEFT JOIN products p ON p.id = m.product_id AND p.deleted_at IS NULL`;

/** The conditions of a chatbot list's filters, on `m`. */
export const filterConds = (f: TChatbotListQuery['queryFilter']): Cond[] => [
  f.active !== undefined && sql`m.active = ${f.active}`,
  f.product_id !== undefined && sql`m.product_id = ${f.product_id}`,
];

/** Comma-separated words as a list, empty ones left out. */
const wordsOf = (text: string | null) => (text ?? '').split(',').filter((w) => w !== '');

/** A message row as the API answers it. */
export function toMessage(r: MessageRow): TChatbotMessage {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    keywords: wordsOf(r.keywords),
    message_fr: r.message_fr,
    message_en: r.message_en,
    active: r.active,
    product:
      r.product_id === null
        ? null
        : {
            id: r.product_id,
            name: r.product_name ?? '',
            price: toEuros(r.product_price_cents),
            keyword: wordsOf(r.product_keywords)[0] ?? '',
          },
    discount: r.discount_percent || null,
    answer_count: r.answer_count,
    max_answer_count: r.max_answer_count,
    mandatory: r.type === 'system' && (MANDATORY_REPLIES as readonly string[]).includes(r.name),
    created_at: toIso(r.created_at) ?? '',
    updated_at: toIso(r.updated_at) ?? '',
  };
}

/** The messages of `source` (as `m`) that `where` keeps. */
export async function readMessages(db: DbOrTx, source: SQL, where: SQL): Promise<TChatbotMessage[]> {
  const rows = await queryRows<MessageRow>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS} FROM ${withProduct(source)} WHERE ${where} ORDER BY m.id`,
  );
  return rows.map(toMessage);
}
