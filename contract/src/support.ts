import { z } from 'zod';
import { LOCALES, MIN_LENGTH } from './constants.ts';
import { ZDayRange, zListQuery, zListResponse } from './lists.ts';
import { charCount, fieldMessage, zEmail, zId, zName, zOptionalText, zPhone, zText } from './validation.ts';

/*
 * Requests to the platform's team (SPEC §2 Support, §5 "Support request at least 50 characters",
 * §8 "Response was sent successfully"): a seller's help request from /support, and the public
 * contact and demo forms, in the admin's one inbox.
 */

/** Where a request came from: a seller's Support page, the public contact form, the demo form. */
export const SUPPORT_TYPES = ['support', 'contact', 'demo'] as const;
export type TSupportType = (typeof SUPPORT_TYPES)[number];

/** open (nobody answered yet), answered (the team wrote back), closed (settled; may be reopened). */
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type TSupportStatus = (typeof SUPPORT_STATUSES)[number];

/** A request's subject, message and the team's answer: at most this many characters. */
export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_REPLY_MAX = 5000;
/** The screenshot joined to a help request: one .jpg, .png or .webp image, at most 5 MB. */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A help request's message: SPEC §5's minimum of 50 characters (`support_min`), no leading or
 * trailing spaces, at most SUPPORT_MESSAGE_MAX; characters as the form counts them live
 * (`charCount`: an emoji is one).
 */
export const zSupportMessage = () =>
  z
    .string({ error: 'required' })
    .min(1, 'required')
    .refine((s) => s === s.trim(), 'no_edge_spaces')
    .refine((s) => charCount(s) >= MIN_LENGTH.support, fieldMessage('support_min', MIN_LENGTH.support))
    .refine((s) => charCount(s) <= SUPPORT_MESSAGE_MAX, fieldMessage('max_chars', SUPPORT_MESSAGE_MAX));

/**
 * POST support: a signed-in seller's help request. JSON, or multipart with the same text fields
 * and an optional image file `screenshot`.
 */
export const ZSupportBody = z.strictObject({
  subject: zText(1, SUPPORT_SUBJECT_MAX),
  message: zSupportMessage(),
});
export type TSupportBody = z.infer<typeof ZSupportBody>;

/** POST contact?locale (public): the contact page's form. */
export const ZContactBody = z.strictObject({
  first_name: zName(),
  last_name: zName(),
  email: zEmail(),
  phone: zPhone().optional(),
  company_name: zOptionalText(150),
  subject: zText(1, SUPPORT_SUBJECT_MAX),
  message: zText(MIN_LENGTH.generic, SUPPORT_MESSAGE_MAX),
});
export type TContactBody = z.infer<typeof ZContactBody>;

/** POST support/{id}/reply (admin): the answer e-mailed to the request's author. */
export const ZSupportReplyBody = z.strictObject({ message: zText(1, SUPPORT_REPLY_MAX) });
export type TSupportReplyBody = z.infer<typeof ZSupportReplyBody>;

export const ZSupportIdParams = z.object({ id: zId() });

/** Who wrote: the seller's account (as it is now) for a help request, the form's fields otherwise. */
export const ZSupportAuthor = z.object({
  user_id: z.number().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
});

/** One request as the inbox and the seller's page show it. Times as ISO strings. */
export const ZSupportMessage = z.object({
  id: z.number(),
  type: z.enum(SUPPORT_TYPES),
  status: z.enum(SUPPORT_STATUSES),
  subject: z.string(),
  message: z.string(),
  /** The language the request was written in, which answers are e-mailed in. */
  locale: z.enum(LOCALES),
  author: ZSupportAuthor,
  /** The screenshot's private address (`/api/support/{id}/attachment`), for its author and admins. */
  attachment: z.string().nullable(),
  replies_count: z.number(),
  last_reply_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

/** An answer of the team. `author_name` (the admin who wrote it) is given to admins only. */
export const ZSupportReply = z.object({
  id: z.number(),
  body: z.string(),
  author_name: z.string().nullable(),
  created_at: z.string(),
});
export type TSupportReply = z.infer<typeof ZSupportReply>;

export const SUPPORT_COLUMNS = ['created_at', 'updated_at', 'status', 'type', 'subject'] as const;

/** The inbox filter: status, type, days of creation (Europe/Paris). */
export const ZSupportFilter = z.strictObject({
  status: z.enum(SUPPORT_STATUSES, { error: 'invalid' }).optional(),
  type: z.enum(SUPPORT_TYPES, { error: 'invalid' }).optional(),
  created_at: ZDayRange.optional(),
});
export type TSupportFilter = z.infer<typeof ZSupportFilter>;

/**
 * GET support/fetch-items: admin every request, a seller their own; newest first unless told;
 * `query` searches the subject, the message and the author's name, e-mail and company.
 */
export const ZSupportListQuery = zListQuery({
  columns: SUPPORT_COLUMNS,
  defaultColumn: 'created_at',
  filter: ZSupportFilter,
});
export type TSupportListQuery = z.output<typeof ZSupportListQuery>;

export const ZSupportList = zListResponse(ZSupportMessage);
export type TSupportList = z.infer<typeof ZSupportList>;

/** GET support/fetch-item/{id}: the request and the team's answers, oldest first. */
export const ZSupportDetail = z.object({ item: ZSupportMessage, replies: z.array(ZSupportReply) });
export type TSupportDetail = z.infer<typeof ZSupportDetail>;

/** POST support: the request filed. */
export const ZSupportCreated = z.object({ success: z.literal(true), item: ZSupportMessage });

/**
 * POST support/{id}/reply: the request and its answers now; `emailed` is false when the author
 * has no e-mail address to send the answer to (it is on their Support page all the same).
 */
export const ZSupportReplyResult = ZSupportDetail.extend({
  success: z.literal(true),
  emailed: z.boolean(),
});
export type TSupportReplyResult = z.infer<typeof ZSupportReplyResult>;

/** POST support/{id}/close and reopen. */
export const ZSupportStatusResult = z.object({ success: z.literal(true), item: ZSupportMessage });

/** POST contact. */
export const ZContactResponse = z.object({ success: z.boolean() });
