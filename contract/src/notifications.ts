import { z } from 'zod';
import { zBoolish, zListQuery, zListResponse } from './lists.ts';
import { zId } from './validation.ts';

/** A notification of the signed-in user, its title and body in the caller's language. */
export const ZNotification = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const NOTIFICATION_COLUMNS = ['created_at', 'read_at', 'type'] as const;

/** `unread: true` keeps the unread ones, `false` the read ones. */
export const ZNotificationFilter = z.object({ unread: zBoolish().optional() });

/** GET fetch-notifications: newest first by default; `query` searches the title and body. */
export const ZNotificationListQuery = zListQuery({
  columns: NOTIFICATION_COLUMNS,
  defaultColumn: 'created_at',
  filter: ZNotificationFilter,
});
export type TNotificationListQuery = z.output<typeof ZNotificationListQuery>;

export const ZNotificationList = zListResponse(ZNotification);
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** How many latest notifications GET new-notice returns. */
export const NEW_NOTICE_ITEMS = 5;

/**
 * GET new-notice (the header bell): `count` is the number of unread notifications (the web caps
 * the badge text at 999), `cntNew` how many of the `items` (the 5 latest) are unread.
 */
export const ZNewNotice = z.object({
  count: z.number(),
  cntNew: z.number(),
  items: z.array(ZNotification),
});
export type TNewNotice = z.infer<typeof ZNewNotice>;

/** POST notifications/read: the caller's notifications to mark read; all of them when `ids` is absent. */
export const ZMarkReadBody = z.object({ ids: z.array(zId()).max(1000).optional() });
export type TMarkReadBody = z.infer<typeof ZMarkReadBody>;

/** `updated`: notifications marked now; `count`: unread ones left (the new badge). */
export const ZMarkReadResult = z.object({ updated: z.number(), count: z.number() });
export type TMarkReadResult = z.infer<typeof ZMarkReadResult>;
