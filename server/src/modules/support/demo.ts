import type { ZRequestDemoBody } from '@livecart/contract/billing';
import type { TLocale } from '@livecart/contract/constants';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import { demoRequests } from './tables.ts';

export type TRequestDemoBody = z.infer<typeof ZRequestDemoBody>;

/**
 * A demo request from the pricing page (the Platinum plan, on request): kept for the team, and
 * acknowledged by e-mail to the person in the language of the page they wrote from (the outbox
 * sends it once the request is saved).
 */
export async function requestDemo(db: DbOrTx, body: TRequestDemoBody, locale: TLocale): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(demoRequests)
      .values({
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        phone: body.phone ?? null,
        company_name: body.company_name,
        message: body.message || null,
        locale,
      })
      .returning({ id: demoRequests.id });
    await enqueueMail(tx, `demo-request:${row.id}`, {
      to: body.email,
      template: 'demo_request',
      locale,
      data: { first_name: body.first_name, company_name: body.company_name },
    });
  });
}
