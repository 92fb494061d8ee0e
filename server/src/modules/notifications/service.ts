import type { TLocale } from '@livecart/contract/constants';
import {
  NEW_NOTICE_ITEMS,
  type TMarkReadResult,
  type TNewNotice,
  type TNotification,
  type TNotificationList,
  type TNotificationListQuery,
} from '@livecart/contract/notifications';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { notifications } from './tables.ts';

export interface NotifyInput {
  userId: number;
  /** What happened (`order_paid`, `waiting_served`, `token_expired`, …). */
  type: string;
  title_fr: string;
  title_en: string;
  body_fr?: string | null;
  body_en?: string | null;
  link?: string | null;
  data?: Record<string, unknown> | null;
}

/**
 * Gives a user a notification (`notifications_add`, `sql/notify.sql`, which the live claim calls
 * too). Takes a handle so other modules call it inside their own
 * transaction: the notification exists exactly when what it tells about does.
 */
export async function notify(db: DbOrTx, input: NotifyInput): Promise<{ id: number }> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT notifications_add(${input.userId}, ${input.type}, ${input.title_fr}, ${input.title_en},
          ${input.body_fr ?? null}, ${input.body_en ?? null}, ${input.link ?? null},
          ${input.data ? JSON.stringify(input.data) : null}::jsonb) AS id`,
  );
  return row;
}

function me(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

type NotificationRow = typeof notifications.$inferSelect;

const toItem =
  (locale: TLocale) =>
  (
    row: Pick<NotificationRow, 'id' | 'type' | 'title_fr' | 'title_en' | 'body_fr' | 'body_en' | 'link'> & {
      read_at: Date | string | null;
      created_at: Date | string;
    },
  ): TNotification => ({
    id: row.id,
    type: row.type,
    title: locale === 'en' ? row.title_en : row.title_fr,
    body: locale === 'en' ? row.body_en : row.body_fr,
    link: row.link,
    read_at: toIso(row.read_at),
    created_at: toIso(row.created_at) as string,
  });

async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return row.n;
}

/** The header bell: the number of unread notifications and the latest ones. */
export async function newNotice(ctx: Ctx): Promise<TNewNotice> {
  const userId = me(ctx);
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(NEW_NOTICE_ITEMS);
  const items = rows.map(toItem(ctx.locale));
  return {
    count: await unreadCount(ctx.db, userId),
    cntNew: items.filter((n) => n.read_at === null).length,
    items,
  };
}

/** The caller's notifications, paged, in their language. */
export function listNotifications(ctx: Ctx, q: TNotificationListQuery): Promise<TNotificationList> {
  const userId = me(ctx);
  const lang = ctx.locale === 'en' ? 'en' : 'fr';
  const list: ListDef<TNotificationListQuery, NotificationRow, TNotification> = {
    select: sql`n.id, n.type, n.title_fr, n.title_en, n.body_fr, n.body_en, n.link, n.read_at, n.created_at`,
    from: sql`notifications n`,
    where: ({ queryFilter: f }) => [
      sql`n.user_id = ${userId}`,
      f.unread === true && sql`n.read_at IS NULL`,
      f.unread === false && sql`n.read_at IS NOT NULL`,
    ],
    search: [sql.raw(`n.title_${lang}`), sql.raw(`n.body_${lang}`)],
    order: {
      columns: { created_at: sql`n.created_at`, read_at: sql`n.read_at`, type: sql`n.type` },
      tieBreaker: sql`n.id`,
      notNull: ['created_at'],
    },
    map: toItem(ctx.locale),
  };
  return runList(ctx.db, list, q);
}

/** Marks the caller's notifications read: those of `ids`, or all. Ids of other users change nothing. */
export async function markRead(ctx: Ctx, ids: number[] | undefined): Promise<TMarkReadResult> {
  const userId = me(ctx);
  let updated = 0;
  if (!ids || ids.length > 0) {
    const rows = await ctx.db
      .update(notifications)
      .set({ read_at: new Date() })
      .where(
        and(
          eq(notifications.user_id, userId),
          isNull(notifications.read_at),
          ids ? inArray(notifications.id, ids) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    updated = rows.length;
  }
  return { updated, count: await unreadCount(ctx.db, userId) };
}
