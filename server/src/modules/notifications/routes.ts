import {
  ZMarkReadBody,
  ZMarkReadResult,
  ZNewNotice,
  ZNotificationList,
  ZNotificationListQuery,
} from '@livecart/contract/notifications';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { listNotifications, markRead, newNotice } from './service.ts';

// Every signed-in user has notifications, a seller without a plan too (the bell is on /pricing).
const anyUser = { access: 'user', withoutPlan: true } as const;

export async function notificationsModule(app: App, deps: Deps) {
  app.get(
    '/api/new-notice',
    {
      config: anyUser,
      schema: {
        description:
          'The header bell: `count` unread notifications, `cntNew` unread among `items` (the 5 latest).',
        response: { 200: ZNewNotice },
      },
    },
    (req) => newNotice(ctxOf(req, deps)),
  );

  app.get(
    '/api/fetch-notifications',
    {
      config: anyUser,
      schema: {
        description: "The caller's notifications, paged; queryFilter `{unread?: boolean}`.",
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationList },
      },
    },
    (req) => listNotifications(ctxOf(req, deps), req.query),
  );

  app.post(
    '/api/notifications/read',
    {
      config: anyUser,
      schema: {
        description:
          "Marks the caller's notifications read: those whose ids are given, or all of them when `ids` is " +
          'absent. Ids of other users are ignored. Answers how many were marked and how many stay unread.',
        // No body at all means all of them too.
        body: ZMarkReadBody.nullish(),
        response: { 200: ZMarkReadResult },
      },
    },
    (req) => markRead(ctxOf(req, deps), req.body?.ids),
  );
}
