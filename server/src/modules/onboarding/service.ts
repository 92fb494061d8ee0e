/**
 * The first-live checklist of a new seller's dashboard: each step read from the seller's own data
 * (one statement), so it ticks itself as the seller works through the screens it links to.
 */
import {
  ONBOARDING_STEPS,
  type TOnboardingChecklist,
  type TOnboardingStep,
} from '@livecart/contract/onboarding';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { dismissChecklist } from '../settings/service.ts';

function sellerOf(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

const filled = (column: string) => sql.raw(`coalesce(btrim(${column}), '') <> ''`);

/**
 * GET onboarding/checklist. Steps: `shop` company name, tax id or VAT number and a business
 * address; `payment` a payment method on; `shipping` a method of theirs on with a price for some
 * country; `legal` a document or link; `product` a published product (not deleted) with a keyword;
 * `live` a live session scheduled, held, or held and removed since.
 */
export async function onboardingChecklist(ctx: Ctx): Promise<TOnboardingChecklist> {
  const sellerId = sellerOf(ctx);
  const [row] = await queryRows<Record<TOnboardingStep | 'dismissed', boolean>>(
    ctx.db,
    sql`SELECT
          EXISTS (SELECT 1 FROM users u
                  WHERE u.id = ${sellerId} AND ${filled('u.company_name')}
                    AND (${filled('u.tax_id')} OR ${filled('u.vat_number')}))
            AND EXISTS (SELECT 1 FROM addresses a
                        WHERE a.user_id = ${sellerId} AND a.address_type = 'seller') AS shop,
          EXISTS (SELECT 1 FROM payment_methods p WHERE p.seller_id = ${sellerId} AND p.status) AS payment,
          EXISTS (SELECT 1 FROM shipping_methods m
                  JOIN shipping_method_countries c ON c.shipping_method_id = m.id
                  WHERE m.seller_id = ${sellerId} AND m.status AND c.seller_id = ${sellerId}) AS shipping,
          EXISTS (SELECT 1 FROM settings s
                  WHERE s.user_id = ${sellerId}
                    AND coalesce(s.privacy_doc, s.terms_doc, s.delivery_doc, s.return_doc,
                                 s.privacy_link, s.terms_link, s.delivery_link, s.return_link) IS NOT NULL
                 ) AS legal,
          EXISTS (SELECT 1 FROM products p
                  WHERE p.seller_id = ${sellerId} AND p.is_publish AND p.deleted_at IS NULL
                    AND ${filled('p.keywords')}) AS product,
          EXISTS (SELECT 1 FROM live_sessions l
                  WHERE l.seller_id = ${sellerId}
                    AND (l.deleted_at IS NULL OR l.started_at IS NOT NULL)) AS live,
          EXISTS (SELECT 1 FROM settings s
                  WHERE s.user_id = ${sellerId} AND s.checklist_dismissed_at IS NOT NULL) AS dismissed`,
  );
  const steps = ONBOARDING_STEPS.map((key) => ({ key, done: row[key] }));
  return {
    steps,
    done: steps.filter((s) => s.done).length,
    total: steps.length,
    dismissed: row.dismissed,
  };
}

/** POST onboarding/dismiss: the seller closes the checklist. */
export async function dismissOnboarding(ctx: Ctx): Promise<void> {
  await dismissChecklist(ctx.db, sellerOf(ctx));
}
