import { ZLocaleQuery } from '@livecart/contract/auth';
import { ZRequestDemoBody, ZRequestDemoResponse } from '@livecart/contract/billing';
import { ROLE } from '@livecart/contract/constants';
import {
  SUPPORT_ATTACHMENT_MAX_BYTES,
  ZContactBody,
  ZContactResponse,
  ZSupportBody,
  ZSupportCreated,
  ZSupportDetail,
  ZSupportIdParams,
  ZSupportList,
  ZSupportListQuery,
  ZSupportReplyBody,
  ZSupportReplyResult,
  ZSupportStatusResult,
} from '@livecart/contract/support';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, invalidFields, notFound } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { unsafeTextPaths } from '../../lib/input-text.ts';
import { uploadError } from '../../lib/multipart.ts';
import { RateLimiter } from '../auth/rate-limit.ts';
import { ctxOf } from '../context.ts';
import { requestDemo } from './demo.ts';
import { closeRequest, reopenRequest, replyTo } from './inbox.ts';
import { getRequest, listRequests, readableRequest } from './read.ts';
import { SCREENSHOT_CONTENT_TYPES, screenshotSizeError } from './screenshot.ts';
import { fileContactRequest, fileSupportRequest } from './service.ts';
import { mailboxKey } from './team.ts';

// A seller without a valid plan still reaches the team: that is often what they need it for.
const seller = { access: [ROLE.seller], withoutPlan: true } as const;
const sellerAndAdmin = { access: [ROLE.seller, ROLE.admin], withoutPlan: true } as const;
const admin = { access: [ROLE.admin] } as const;

/**
 * A help request's multipart body: the text fields `subject` and `message` and at most one file,
 * `screenshot`. Text is short (5,000 characters fit in 20,000 bytes): a longer field is cut by
 * the parser and refused here, and a body with more parts than this is 413 `too_large`.
 */
const UPLOAD_LIMITS = {
  fileSize: SUPPORT_ATTACHMENT_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 20_100,
  parts: 5,
};

/** The fields of a bad input as the error handler names them (`unknown_field` for extra ones). */
function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys) fields[k] ??= 'unknown_field';
    else fields[issue.path.join('.') || '_'] ??= issue.message;
  }
  return fields;
}

/**
 * POST support's input: a JSON body `{subject, message}`, or multipart with those text fields and
 * an optional image `screenshot`. Multipart text is checked as a JSON body is (no NUL or lone
 * surrogate), then by the same schema, before the file is looked at.
 */
async function readSupportInput(req: FastifyRequest) {
  if (!req.isMultipart()) {
    const parsed = ZSupportBody.safeParse(req.body ?? {});
    if (!parsed.success) throw invalidFields(fieldsOf(parsed.error));
    return parsed.data;
  }
  const fields: Record<string, unknown> = Object.create(null);
  let screenshot: Buffer | undefined;
  try {
    for await (const part of req.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        // a value cut at fieldSize is longer than any field may be: the schema refuses it, named
        fields[part.fieldname] = part.value;
        continue;
      }
      const data = await part.toBuffer();
      // a form without a chosen file sends an empty part without a name; an empty file chosen is
      // refused as what it is, not dropped without a word
      if (part.fieldname === 'screenshot') screenshot = data.length || part.filename ? data : undefined;
      else fields[part.fieldname] = data;
    }
  } catch (err) {
    throw uploadError(err, screenshotSizeError);
  }
  const unsafe = unsafeTextPaths(fields);
  if (unsafe.length) throw invalidFields(Object.fromEntries(unsafe.map((k) => [k, 'invalid_characters'])));
  const parsed = ZSupportBody.safeParse({ ...fields });
  if (!parsed.success) throw invalidFields(fieldsOf(parsed.error));
  return { ...parsed.data, screenshot };
}

/** Requests to the platform's team: sellers' help requests, the public forms, the admin's inbox. */
export async function supportModule(app: App, deps: Deps) {
  const db = deps.database.db;
  // As the public sign-up and restore calls: every request counts, per address and per e-mail.
  const publicLimiter = new RateLimiter(db, deps.config.authRateLimit);
  const sellerLimiter = new RateLimiter(db, deps.config.supportRateLimit);

  app.post(
    '/api/support',
    {
      config: seller,
      schema: {
        description:
          'A seller writes to the team: JSON `{subject, message}`, or multipart with those fields and an ' +
          'optional file `screenshot` (.jpg, .png or .webp judged by content, at most 5 MB: another type, ' +
          'even renamed, answers 400 `support_attachment_type`, a bigger file `support_attachment_size`). ' +
          'The message has 50 to 5,000 characters (`support_min`), the subject 1 to 150. A refusal keeps ' +
          'nothing. At most 10 requests an hour per seller (429 `rate_limited`). The admins are notified, ' +
          'and SUPPORT_EMAIL e-mailed when set. Answers `{success, item}`.',
        body: ZSupportBody.nullish(),
        response: { 200: ZSupportCreated },
      },
    },
    async (req) => {
      const input = await readSupportInput(req);
      const item = await fileSupportRequest(
        ctxOf(req, deps),
        { storage: deps.storage, limiter: sellerLimiter },
        input,
      );
      return { success: true as const, item };
    },
  );

  app.get(
    '/api/support/fetch-items',
    {
      config: sellerAndAdmin,
      schema: {
        description:
          'The admin’s inbox (every support, contact and demo request), or a seller’s own help requests. ' +
          'Newest first unless told. queryFilter: status (open, answered, closed), type (support, contact, ' +
          'demo), created_at {from, to} (YYYY-MM-DD, Europe/Paris days); `query` searches the subject, the ' +
          'message and the author’s name, e-mail and company.',
        querystring: ZSupportListQuery,
        response: { 200: ZSupportList },
      },
    },
    (req) => listRequests(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/support/fetch-item/:id',
    {
      config: sellerAndAdmin,
      schema: {
        description:
          'One request and the team’s answers, oldest first: `{item, replies}`. Another seller’s request ' +
          'answers 404.',
        params: ZSupportIdParams,
        response: { 200: ZSupportDetail },
      },
    },
    (req) => getRequest(ctxOf(req, deps), req.params.id),
  );

  app.get(
    '/api/support/:id/attachment',
    {
      config: sellerAndAdmin,
      schema: {
        description:
          'The screenshot of a request, for its author and admins only (never a public file address); ' +
          'another seller’s request, or one without a screenshot, answers 404.',
        params: ZSupportIdParams,
      },
    },
    async (req, reply) => {
      const request = await readableRequest(ctxOf(req, deps), req.params.id);
      const stream = request.attachment && deps.storage.read(request.attachment);
      if (!stream) throw notFound();
      const ext = request.attachment?.split('.').pop() ?? '';
      reply.header('content-type', SCREENSHOT_CONTENT_TYPES[ext] ?? 'application/octet-stream');
      // a private file, as invoices and documents: never kept by a cache, the browser's included,
      // so it is not read back from a shared computer's disk once its reader signed out
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', 'inline');
      return reply.send(stream);
    },
  );

  app.post(
    '/api/support/:id/reply',
    {
      config: admin,
      schema: {
        description:
          'The team answers a request: the answer is kept, e-mailed to the author (the seller’s account ' +
          'e-mail, or the form’s) in the request’s language, and the request becomes `answered`; the ' +
          'seller is notified. `emailed` is false when the author has no e-mail address. Answers ' +
          '`{success, emailed, item, replies}`.',
        params: ZSupportIdParams,
        body: ZSupportReplyBody,
        response: { 200: ZSupportReplyResult },
      },
    },
    (req) => replyTo(ctxOf(req, deps), req.params.id, req.body.message),
  );

  app.post(
    '/api/support/:id/close',
    {
      config: admin,
      schema: {
        description: 'Closes a request (settled). Answers `{success, item}`.',
        params: ZSupportIdParams,
        response: { 200: ZSupportStatusResult },
      },
    },
    async (req) => ({ success: true as const, item: await closeRequest(ctxOf(req, deps), req.params.id) }),
  );

  app.post(
    '/api/support/:id/reopen',
    {
      config: admin,
      schema: {
        description:
          'Reopens a closed request: `answered` when the team had answered it, else `open`. Answers ' +
          '`{success, item}`.',
        params: ZSupportIdParams,
        response: { 200: ZSupportStatusResult },
      },
    },
    async (req) => ({ success: true as const, item: await reopenRequest(ctxOf(req, deps), req.params.id) }),
  );

  app.post(
    '/api/contact',
    {
      config: { access: 'public', withoutPlan: true },
      schema: {
        description:
          'The public contact form: kept in the team’s inbox (type `contact`) and acknowledged by e-mail ' +
          'in the language of `locale` (at most once a day per mailbox); the team’s answer goes to `email`. ' +
          'Rate limited per address and per mailbox (`+tags` and Gmail’s dots count as one).',
        querystring: ZLocaleQuery,
        body: ZContactBody,
        response: { 200: ZContactResponse },
      },
    },
    async (req) => {
      if (
        !(await publicLimiter.take([`contact:ip:${req.ip}`, `contact:email:${mailboxKey(req.body.email)}`]))
      )
        throw new AppError('rate_limited');
      await fileContactRequest(ctxOf(req, deps), req.body, req.locale);
      return { success: true };
    },
  );

  app.post(
    '/api/request-demo',
    {
      config: { access: 'public', withoutPlan: true },
      schema: {
        description:
          'A demo request (the Platinum plan is on request): kept for the team and acknowledged by e-mail in ' +
          'the language of `locale` (at most once a day per mailbox). Rate limited per address and per mailbox.',
        querystring: ZLocaleQuery,
        body: ZRequestDemoBody,
        response: { 200: ZRequestDemoResponse },
      },
    },
    async (req) => {
      if (!(await publicLimiter.take([`demo:ip:${req.ip}`, `demo:email:${mailboxKey(req.body.email)}`])))
        throw new AppError('rate_limited');
      await requestDemo(db, req.body, req.locale);
      return { success: true };
    },
  );
}
