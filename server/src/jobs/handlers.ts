import { renderMail } from '../integrations/mail/templates.ts';
import type { Deps } from '../lib/http.ts';
import { type RestoreRequest, runRestoreRequest } from '../modules/auth/service.ts';
import { type InvoiceJob, runInvoiceJob } from '../modules/invoices/service.ts';
import { privateReplyHandler } from '../modules/live/reply-job.ts';
import { socialWebhookHandler } from '../modules/live/webhooks.ts';
import { supportTeamMailHandler } from '../modules/support/team.ts';
import type { MailJob, OutboxHandler } from './outbox.ts';

/** What each kind of outbox row does. Later modules add theirs (notifications). */
export function outboxHandlers(deps: Deps): Record<string, OutboxHandler> {
  return {
    private_reply: privateReplyHandler(deps),

    /** A Meta webhook body (comments, live videos), read after Meta was answered. */
    social_webhook: socialWebhookHandler(deps),

    /** A new request in the team's inbox, e-mailed to SUPPORT_EMAIL when it is set. */
    support_new: supportTeamMailHandler(deps),

    /** Forgot password: the address looked up after the answer, a link mailed when it has an account. */
    async password_restore(request: RestoreRequest) {
      await runRestoreRequest(deps, request);
    },

    /** A paid order's invoice: numbered once, rendered, stored, e-mailed with the PDF (retry-safe). */
    async invoice(job: InvoiceJob) {
      await runInvoiceJob(deps, job);
    },

    async mail(job: MailJob) {
      const content = renderMail(job.template, job.locale, job.data as never);
      const attachments = await Promise.all(
        (job.attachments ?? []).map(async (a) => {
          const stream = deps.storage.read(a.storageKey);
          if (!stream) throw new Error(`Attachment missing: ${a.storageKey}`);
          const chunks: Buffer[] = [];
          for await (const c of stream) chunks.push(c as Buffer);
          return {
            filename: a.filename,
            contentType: a.contentType,
            contentBase64: Buffer.concat(chunks).toString('base64'),
          };
        }),
      );
      await deps.mailer.send({ to: job.to, ...content, attachments });
    },
  };
}
