import { ROLE, type TLocale } from '@livecart/contract/constants';
import type {
  TSupportDetail,
  TSupportList,
  TSupportListQuery,
  TSupportMessage,
  TSupportReply,
  TSupportStatus,
  TSupportType,
} from '@livecart/contract/support';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { type Cond, inDays, queryRows, toIso, whereOf } from '../../lib/sql.ts';

/**
 * A request with its author and answers counted. A help request's author is the seller's account
 * as it is now (their name or e-mail may have changed since); a public form's is what was typed.
 */
const FROM = sql`
  support_messages m
  LEFT JOIN users u ON u.id = m.user_id
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS replies_count, max(r.created_at) AS last_reply_at
    FROM support_replies r WHERE r.message_id = m.id
  ) rp ON true`;

const A = {
  first_name: sql`coalesce(m.first_name, u.first_name)`,
  last_name: sql`coalesce(m.last_name, u.last_name)`,
  email: sql`coalesce(m.email, u.email, u.email_real)`,
  phone: sql`coalesce(m.phone, u.phone)`,
  company_name: sql`coalesce(m.company_name, u.company_name)`,
};

const SELECT = sql`m.id, m.type, m.status, m.subject, m.message, m.locale, m.user_id, m.attachment,
  m.created_at, m.updated_at, m.closed_at, rp.replies_count, rp.last_reply_at,
  ${A.first_name} AS first_name, ${A.last_name} AS last_name, ${A.email} AS email,
  ${A.phone} AS phone, ${A.company_name} AS company_name`;

export interface RequestRow {
  id: number;
  type: TSupportType;
  status: TSupportStatus;
  subject: string;
  message: string;
  locale: TLocale;
  user_id: number | null;
  attachment: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  closed_at: Date | string | null;
  replies_count: number;
  last_reply_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company_name: string | null;
}

/** Where a request's screenshot is served, to its author and admins only. */
export const attachmentUrl = (id: number) => `/api/support/${id}/attachment`;

function toItem(r: RequestRow): TSupportMessage {
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    subject: r.subject,
    message: r.message,
    locale: r.locale,
    author: {
      user_id: r.user_id,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone: r.phone,
      company_name: r.company_name,
    },
    attachment: r.attachment ? attachmentUrl(r.id) : null,
    replies_count: Number(r.replies_count),
    last_reply_at: toIso(r.last_reply_at),
    created_at: toIso(r.created_at) as string,
    updated_at: toIso(r.updated_at) as string,
    closed_at: toIso(r.closed_at),
  };
}

/** Admin reads every request; a seller only their own (anyone else's answers 404). */
function scopeOf(ctx: Ctx): Cond {
  if (!ctx.user) throw new AppError('unauthorized');
  if (ctx.user.role_id === ROLE.admin) return false;
  return sql`m.user_id = ${ctx.user.id}`;
}

const requestList: (scope: Cond) => ListDef<TSupportListQuery, RequestRow, TSupportMessage> = (scope) => ({
  select: SELECT,
  from: FROM,
  where: ({ queryFilter: f }) => [
    scope,
    f.status && sql`m.status = ${f.status}`,
    f.type && sql`m.type = ${f.type}`,
    ...inDays(sql`m.created_at`, f.created_at),
  ],
  search: [
    sql`m.subject`,
    sql`m.message`,
    sql`concat_ws(' ', ${A.first_name}, ${A.last_name})`,
    sql`concat_ws(' ', ${A.last_name}, ${A.first_name})`,
    A.email,
    A.company_name,
  ],
  order: {
    columns: {
      created_at: sql`m.created_at`,
      updated_at: sql`m.updated_at`,
      status: sql`m.status`,
      type: sql`m.type`,
      subject: sql`lower(m.subject)`,
    },
    tieBreaker: sql`m.id`,
    notNull: ['created_at', 'updated_at', 'status', 'type', 'subject'],
  },
  map: toItem,
});

/** GET support/fetch-items: the admin's inbox, or a seller's own requests. */
export function listRequests(ctx: Ctx, q: TSupportListQuery): Promise<TSupportList> {
  return runList(ctx.db, requestList(scopeOf(ctx)), q);
}

async function findRequest(db: DbOrTx, id: number, scope: Cond = false): Promise<RequestRow | undefined> {
  const [row] = await queryRows<RequestRow>(
    db,
    sql`SELECT ${SELECT} FROM ${FROM}${whereOf([sql`m.id = ${id}`, scope])}`,
  );
  return row;
}

/** One request as the inbox shows it, whoever's (the outbox jobs); undefined when it is gone. */
export async function requestById(db: DbOrTx, id: number): Promise<TSupportMessage | undefined> {
  const row = await findRequest(db, id);
  return row && toItem(row);
}

/** A request the caller may read, with its raw row (attachment key, author), else 404. */
export async function readableRequest(ctx: Ctx, id: number): Promise<RequestRow> {
  const row = await findRequest(ctx.db, id, scopeOf(ctx));
  if (!row) throw notFound();
  return row;
}

/** The team's answers to a request, oldest first; who wrote each is told to admins only. */
async function repliesOf(ctx: Ctx, id: number): Promise<TSupportReply[]> {
  const admin = ctx.user?.role_id === ROLE.admin;
  const rows = await queryRows<{
    id: number;
    body: string;
    author_name: string | null;
    created_at: Date | string;
  }>(
    ctx.db,
    sql`SELECT r.id, r.body, r.created_at,
          nullif(concat_ws(' ', a.first_name, a.last_name), '') AS author_name
        FROM support_replies r LEFT JOIN users a ON a.id = r.author_id
        WHERE r.message_id = ${id} ORDER BY r.created_at, r.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    author_name: admin ? r.author_name : null,
    created_at: toIso(r.created_at) as string,
  }));
}

/** GET support/fetch-item/{id}: the request and its answers; another seller's answers 404. */
export async function getRequest(ctx: Ctx, id: number): Promise<TSupportDetail> {
  const row = await readableRequest(ctx, id);
  return { item: toItem(row), replies: await repliesOf(ctx, id) };
}

/** A request the caller may read, as the API shows it. */
export async function requestItem(ctx: Ctx, id: number): Promise<TSupportMessage> {
  return toItem(await readableRequest(ctx, id));
}
