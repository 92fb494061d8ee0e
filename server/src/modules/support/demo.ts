import type { ZRequestDemoBody } from '@livecart/contract/billing';
import type { TLocale } from '@livecart/contract/constants';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import { supportMessages } from './tables.ts';
import { acknowledgementKey, authorLine, tellTheTeam } from './team.ts';

export type TRequestDemoBody = z.infer<typeof ZRequestDemoBody>;

/** A request filed for a signed-in seller (a plan on request): their account's details, as they are. */
export interface SellerRequest {
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  company_name: string | null;
  message: string;
}

/**
 * A demo request from the pricing page (the Platinum plan, on request): in the team's inbox (the
 * team told), and acknowledged by e-mail to the person in the language of the page they wrote
 * from (the outbox sends it once the request is saved; at most once a day per address).
 */
export async function requestDemo(db: DbOrTx, body: TRequestDemoBody, locale: TLocale): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportMessages)
      .values({
        type: 'demo',
        subject: body.company_name,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        phone: body.phone ?? null,
        company_name: body.company_name,
        message: body.message ?? '',
        locale,
      })
      .returning({ id: supportMessages.id });
    await enqueueMail(tx, acknowledgementKey('demo', body.email), {
      to: body.email,
      template: 'demo_request',
      locale,
      data: { first_name: body.first_name },
    });
    await tellTheTeam(tx, { id: row.id, type: 'demo', subject: body.company_name, from: authorLine(body) });
  });
}

/** A seller asks for a plan on request from My Plan: in the team's inbox beside the public requests. */
export async function fileSellerRequest(db: DbOrTx, request: SellerRequest, locale: TLocale): Promise<void> {
  const subject = request.company_name ?? request.email;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportMessages)
      .values({ ...request, type: 'demo', subject, locale })
      .returning({ id: supportMessages.id });
    await tellTheTeam(tx, { id: row.id, type: 'demo', subject, from: authorLine(request) });
  });
}
