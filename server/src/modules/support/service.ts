import type { TLocale } from '@livecart/contract/constants';
import type { TContactBody, TSupportBody, TSupportMessage } from '@livecart/contract/support';
import { isValidEmail } from '@livecart/contract/user';
import type { Storage } from '../../integrations/storage/storage.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import { requestItem } from './read.ts';
import { cleanScreenshot } from './screenshot.ts';
import { supportMessages } from './tables.ts';
import { acknowledgementKey, authorLine, tellTheTeam } from './team.ts';

/** Where a seller files a help request: their account, the files, their rate limit. */
export interface FilingDeps {
  storage: Storage;
  /** Help requests per seller (SUPPORT rate limit); a refused screenshot is given back. */
  limiter: RateLimiter;
}

/**
 * A seller's help request (POST support). The text was checked by the contract; then the seller's
 * rate limit, before any image is decoded, so a seller past it costs no decoding; then the
 * screenshot is checked by content and re-encoded (a refused one is not counted), so a refused
 * request leaves no row and no file. Then the file is stored under a generated name in the
 * private `support/` folder and the request filed with the team told, in one transaction (a
 * failed insert removes the file again).
 */
export async function fileSupportRequest(
  ctx: Ctx,
  deps: FilingDeps,
  input: TSupportBody & { screenshot?: Buffer },
): Promise<TSupportMessage> {
  const user = ctx.user;
  if (!user) throw new AppError('unauthorized');
  // counted before the screenshot is decoded (the costly part), given back when it is refused
  const keys = [`support:user:${user.id}`];
  if (!(await deps.limiter.take(keys))) throw new AppError('rate_limited');
  let image: Awaited<ReturnType<typeof cleanScreenshot>> | null = null;
  try {
    if (input.screenshot) image = await cleanScreenshot(input.screenshot);
  } catch (err) {
    await deps.limiter.give(keys);
    throw err;
  }
  const key = image ? await deps.storage.put('support', image.ext, image.data) : null;
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(supportMessages)
        .values({
          type: 'support',
          user_id: user.id,
          subject: input.subject,
          message: input.message,
          attachment: key,
          locale: ctx.locale,
        })
        .returning({ id: supportMessages.id });
      await tellTheTeam(tx, { id: row.id, type: 'support', subject: input.subject, from: authorLine(user) });
      return row.id;
    });
  } catch (err) {
    if (key) await deps.storage.remove(key);
    throw err;
  }
  return requestItem(ctx, id);
}

/**
 * A message from the public contact form (POST contact): in the team's inbox as type `contact`,
 * acknowledged by e-mail in the language of the page it was sent from (at most once a day per
 * address, repeating nothing typed but the first name); answers go to its e-mail.
 */
export async function fileContactRequest(ctx: Ctx, body: TContactBody, locale: TLocale): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportMessages)
      .values({
        type: 'contact',
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        phone: body.phone ?? null,
        company_name: body.company_name,
        subject: body.subject,
        message: body.message,
        locale,
      })
      .returning({ id: supportMessages.id });
    await enqueueMail(tx, acknowledgementKey('contact', body.email), {
      to: body.email,
      template: 'contact_request',
      locale,
      data: { first_name: body.first_name },
    });
    await tellTheTeam(tx, { id: row.id, type: 'contact', subject: body.subject, from: authorLine(body) });
  });
}

/** The address an answer goes to: the seller's account e-mail now, or the form's e-mail. */
export const replyAddress = (author: { email: string | null }) =>
  isValidEmail(author.email) ? (author.email as string) : null;
