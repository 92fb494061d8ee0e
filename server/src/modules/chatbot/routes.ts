import {
  ZActiveSessions,
  ZChangeActiveAllQuery,
  ZChangeActiveResult,
  ZChatbotIdParams,
  ZChatbotItem,
  ZChatbotList,
  ZChatbotListQuery,
  ZChatbotMessageBody,
  ZChatbotSaved,
  ZSystemReplyBody,
  ZSystemReplyList,
  ZSystemReplySaved,
} from '@livecart/contract/chatbot';
import { ROLE } from '@livecart/contract/constants';
import { ZCheckedIdsBody } from '@livecart/contract/lists';
import { ZSuccess } from '@livecart/contract/products';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { deleteReplies, getMessage, listMessages, saveReply, setAllActive, toggleReply } from './service.ts';
import { activeSessions } from './sessions.ts';
import { listSystemReplies, saveSystemReply } from './system.ts';

/** Custom replies are the seller's; system replies the seller's own texts or the admin's defaults. */
const sellers = { access: [ROLE.seller] } as const;
const sellersAndAdmin = { access: [ROLE.seller, ROLE.admin] } as const;

/** The chatbot (SPEC §7 Chatbot): custom replies, system replies, the sessions live now. */
export async function chatbotModule(app: App, deps: Deps) {
  app.post(
    '/api/chatbot',
    {
      config: sellers,
      schema: {
        description:
          'Creates a custom reply, or updates the seller’s reply of `id` (another’s: 404): `name` (unique ' +
          'among the seller’s replies in any case, never a system event’s name: 409 `chatbot_name_taken`), ' +
          '`keywords` (trigger words, a list or comma separated, 1 to 20), `message_fr`, `message_en` ' +
          '(placeholders of REPLY_PLACEHOLDERS.users only: else `unknown_placeholder`), `product_id` (one ' +
          'of the seller’s products, else 400 on `product_id`), `discount` (whole percent 1–100; 0 or null ' +
          'none), `max_answer_count` (answers per live, null no limit), `active`. At most 200 replies ' +
          '(`chatbot_limit`). Nothing is saved on a refusal. Answers `{success, item}`.',
        body: ZChatbotMessageBody,
        response: { 200: ZChatbotSaved },
      },
    },
    async (req) => ({ success: true as const, item: await saveReply(ctxOf(req, deps), req.body) }),
  );

  app.get(
    '/api/fetch-chatbot-messages',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          '`type=users` (a seller’s default): the seller’s custom replies, paged, `query` searching names ' +
          'and trigger words, queryFilter `active`, `product_id`, columns `name` (scenario), `created_at` ' +
          '(default), `answer_count` (comments answered, every live together); the admin has none (403). ' +
          '`type=system` (the admin’s default): the system replies as the caller has them (a seller’s own ' +
          'text, else the platform’s), in event order. Answers `{count, items}`.',
        querystring: ZChatbotListQuery,
        response: { 200: ZChatbotList },
      },
    },
    (req) => listMessages(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/fetch-chatbot-message/:id',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'One message, `{item}`: a seller’s own custom reply; for the admin, a platform system reply. ' +
          'Any other id: 404.',
        params: ZChatbotIdParams,
        response: { 200: ZChatbotItem },
      },
    },
    async (req) => ({ item: await getMessage(ctxOf(req, deps), req.params.id) }),
  );

  app.delete(
    '/api/chatbot/delete/:id',
    {
      config: sellers,
      schema: {
        description:
          'Deletes the seller’s custom reply (another’s: 404); the comments it answered stay. Answers ' +
          '`{success, count}`.',
        params: ZChatbotIdParams,
        response: { 200: ZSuccess },
      },
    },
    async (req) => ({
      success: true as const,
      count: await deleteReplies(ctxOf(req, deps), [req.params.id]),
    }),
  );

  app.post(
    '/api/chatbot/bulk-delete',
    {
      config: sellers,
      schema: {
        description:
          'Deletes the checked custom replies: body `{data}` (JSON of the checked ids) or `{ids}`; none ' +
          'answers 400 `select_item`, an id that is not the seller’s reply 404 and nothing is deleted. ' +
          'Answers `{success, count}`.',
        body: ZCheckedIdsBody,
        response: { 200: ZSuccess },
      },
    },
    async (req) => ({ success: true as const, count: await deleteReplies(ctxOf(req, deps), req.body.ids) }),
  );

  app.get(
    '/api/chatbot/change-active/:id',
    {
      config: { ...sellers, changesState: true },
      schema: {
        description:
          'Switches the seller’s custom reply on or off (another’s: 404). Answers `{success, active, count}`.',
        params: ZChatbotIdParams,
        response: { 200: ZChangeActiveResult },
      },
    },
    (req) => toggleReply(ctxOf(req, deps), req.params.id),
  );

  app.get(
    '/api/chatbot/change-active-all',
    {
      config: { ...sellers, changesState: true },
      schema: {
        description:
          'Switches every custom reply of the seller on (`status=true`) or off (`false`). Answers ' +
          '`{success, active, count}`, count the replies that changed.',
        querystring: ZChangeActiveAllQuery,
        response: { 200: ZChangeActiveResult },
      },
    },
    (req) => setAllActive(ctxOf(req, deps), req.query.status),
  );

  app.post(
    '/api/chatbot-default',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'A system reply `name` (an event): a seller saves their own `message_fr`, `message_en` and ' +
          '`active`, or with `reset: true` goes back to the platform’s; the admin edits the platform’s ' +
          'default (every seller without their own text gets it; `reset` refused). Texts hold the ' +
          'event’s placeholders only (`unknown_placeholder`); a mandatory reply (it carries the cart) ' +
          'keeps `{link}` in both texts (`link_required`) and stays on (`mandatory_reply`). Answers ' +
          '`{success, item}`, the reply as the caller now has it.',
        body: ZSystemReplyBody,
        response: { 200: ZSystemReplySaved },
      },
    },
    async (req) => ({ success: true as const, item: await saveSystemReply(ctxOf(req, deps), req.body) }),
  );

  app.get(
    '/api/fetch-chatbot-default-messages',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'The system replies, one per event in the screens’ order, `{items}`: the texts as the caller ' +
          'has them, the platform’s (`default_fr`, `default_en`), `overridden` (the seller wrote their ' +
          'own), `mandatory` and the `placeholders` the texts may hold.',
        response: { 200: ZSystemReplyList },
      },
    },
    (req) => listSystemReplies(ctxOf(req, deps)),
  );

  app.get(
    '/api/fetch-active-sessions',
    {
      config: sellers,
      schema: {
        description:
          'The seller’s sessions live now, `{items: [{id, event_date, event_time, started_at, store, ' +
          'answered}]}`: the store it sells on (or null) and the comments a custom reply answered in it; ' +
          '`videos: [{store_id, platform, video_id, title, started_at}]`, the broadcasts live now on the ' +
          'seller’s pages (live_videos) and Instagram accounts (live_media), read from the platform (a store ' +
          'that cannot be read is left out); `stores: [{id, name, platform, selected}]`, the seller’s stores.',
        response: { 200: ZActiveSessions },
      },
    },
    (req) => activeSessions(ctxOf(req, deps)),
  );
}
