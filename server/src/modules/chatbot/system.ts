import {
  MANDATORY_REPLIES,
  REPLY_PLACEHOLDERS,
  SYSTEM_REPLIES,
  type TChatbotList,
  type TChatbotListQuery,
  type TChatbotMessage,
  type TSystemReply,
  type TSystemReplyBodyOut,
  type TSystemReplyItem,
  type TSystemReplyList,
} from '@livecart/contract/chatbot';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invalidFields, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import {
  filterConds,
  MESSAGE_COLUMNS,
  type MessageRow,
  systemOwnerOf,
  toMessage,
  withProduct,
} from './messages.ts';
import { chatbotMessages } from './tables.ts';

/*
 * System replies: one per event the live engine answers (SYSTEM_REPLIES). The platform's default
 * is the row without a seller, which the admin edits; a seller's row of the same name overrides it
 * for that seller alone, until they go back to the default (their row deleted).
 */

/** The events, as an SQL text array, in the order the screens list them. */
const events = () => sql`${sql.param([...SYSTEM_REPLIES])}::text[]`;

const isMandatory = (name: TSystemReply) => MANDATORY_REPLIES.includes(name);

/**
 * The system rows `sellerId` answers with, one per event: their own when they wrote one, else the
 * platform's (null: the platform's). A subquery, to read as `m`.
 */
export const effectiveSystemRows = (sellerId: number | null): SQL =>
  sql`(SELECT DISTINCT ON (name) * FROM chatbot_messages
        WHERE type = 'system' AND (seller_id IS NULL OR seller_id = ${sellerId}::int) AND name = ANY(${events()})
        ORDER BY name, seller_id NULLS LAST)`;

interface SystemRow {
  id: number;
  name: TSystemReply;
  message_fr: string;
  message_en: string;
  active: boolean;
  updated_at: Date | string;
  default_fr: string;
  default_en: string;
  overridden: boolean;
}

/** Every system reply (or the one of `name`) as `sellerId` has it, the platform's beside it. */
async function systemReplies(
  db: DbOrTx,
  sellerId: number | null,
  name?: TSystemReply,
): Promise<TSystemReplyItem[]> {
  const rows = await queryRows<SystemRow>(
    db,
    sql`SELECT coalesce(o.id, d.id) AS id, d.name,
               coalesce(o.message_fr, d.message_fr) AS message_fr,
               coalesce(o.message_en, d.message_en) AS message_en,
               coalesce(o.active, d.active) AS active, coalesce(o.updated_at, d.updated_at) AS updated_at,
               d.message_fr AS default_fr, d.message_en AS default_en, o.id IS NOT NULL AS overridden
          FROM chatbot_messages d
          LEFT JOIN chatbot_messages o ON o.seller_id = ${sellerId}::int AND o.type = 'system' AND o.name = d.name
         WHERE d.seller_id IS NULL AND d.type = 'system' AND d.name = ANY(${events()})
               ${name ? sql`AND d.name = ${name}` : sql.empty()}
         ORDER BY array_position(${events()}, d.name::text)`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    message_fr: r.message_fr,
    message_en: r.message_en,
    active: isMandatory(r.name) || r.active,
    mandatory: isMandatory(r.name),
    default_fr: r.default_fr,
    default_en: r.default_en,
    overridden: r.overridden,
    placeholders: [...REPLY_PLACEHOLDERS[r.name]],
    updated_at: toIso(r.updated_at) ?? '',
  }));
}

/** GET fetch-chatbot-default-messages: the system replies as the caller (a seller, or the admin) has them. */
export async function listSystemReplies(ctx: Ctx): Promise<TSystemReplyList> {
  return { items: await systemReplies(ctx.db, systemOwnerOf(ctx)) };
}

/** GET fetch-chatbot-messages?type=system: the same replies as chatbot messages, in event order. */
export async function systemMessageList(ctx: Ctx, q: TChatbotListQuery): Promise<TChatbotList> {
  const list: ListDef<TChatbotListQuery, MessageRow, TChatbotMessage> = {
    select: MESSAGE_COLUMNS,
    from: withProduct(effectiveSystemRows(systemOwnerOf(ctx))),
    where: ({ queryFilter }) => filterConds(queryFilter),
    search: [sql`m.name`],
    order: { fixed: sql`array_position(${events()}, m.name::text)` },
    map: toMessage,
  };
  return runList(ctx.db, list, q);
}

/** The texts of a save that is not a reset (the contract requires both then). */
function textsOf(body: TSystemReplyBodyOut) {
  const { message_fr, message_en } = body;
  if (message_fr === undefined || message_en === undefined) {
    const missing = message_fr === undefined ? 'message_fr' : 'message_en';
    throw invalidFields({ [missing]: 'required' });
  }
  return { message_fr, message_en };
}

/**
 * POST chatbot-default. A seller saves their own texts and switch for one event (their row, made
 * or updated), or with `reset` goes back to the platform's (their row deleted). The admin edits
 * the platform's default, which every seller without their own row gets; the admin has no default
 * to go back to (`reset` refused). A mandatory reply stays on. Answers the reply as the caller now
 * has it.
 */
export async function saveSystemReply(ctx: Ctx, body: TSystemReplyBodyOut): Promise<TSystemReplyItem> {
  const sellerId = systemOwnerOf(ctx);
  const mandatory = isMandatory(body.name);
  return ctx.db.transaction(async (tx) => {
    const [current] = await systemReplies(tx, sellerId, body.name);
    if (!current) throw notFound();
    const ofName = and(eq(chatbotMessages.type, 'system'), eq(chatbotMessages.name, body.name));
    if (sellerId === null) {
      if (body.reset) throw invalidFields({ reset: 'invalid' });
      await tx
        .update(chatbotMessages)
        .set({
          ...textsOf(body),
          active: mandatory || (body.active ?? current.active),
          updated_at: new Date(),
        })
        .where(and(ofName, isNull(chatbotMessages.seller_id)));
    } else if (body.reset) {
      await tx.delete(chatbotMessages).where(and(ofName, eq(chatbotMessages.seller_id, sellerId)));
    } else {
      const own = { ...textsOf(body), active: mandatory || (body.active ?? current.active), mandatory };
      await tx
        .insert(chatbotMessages)
        .values({ ...own, seller_id: sellerId, type: 'system', name: body.name })
        .onConflictDoUpdate({
          target: [chatbotMessages.seller_id, chatbotMessages.name],
          set: { ...own, updated_at: new Date() },
        });
    }
    const [saved] = await systemReplies(tx, sellerId, body.name);
    return saved;
  });
}
