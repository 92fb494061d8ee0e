import {
  ZDocumentResponse,
  ZDocumentsQuery,
  ZDocumentsResponse,
  ZGenerateInvoiceQuery,
  ZGenerateInvoiceResponse,
} from '@livecart/contract/billing';
import { ROLE } from '@livecart/contract/constants';
import { zId } from '@livecart/contract/validation';
import { z } from 'zod';
import { billingAvailable } from '../../integrations/billing/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { billingRunDeps, runBilling } from './billing-run.ts';
import {
  billingRunStatus,
  invoiceOrders,
  listSellerInvoices,
  sellerInvoice,
  toPlatformInvoice,
} from './platform-invoices.ts';

// A seller whose plan ended still gets the invoices of the months they were billed for.
const sellerOnly = { access: [ROLE.seller], withoutPlan: true } as const;
const ZIdParams = z.object({ id: zId() });

/** My Documents: the platform's invoices to the signed-in seller, and the invoice of a closed month. */
export async function documentsModule(app: App, deps: Deps) {
  const db = deps.database.db;
  const sellerId = (req: { user: { id: number } | null }) => req.user?.id ?? 0;

  app.get(
    '/api/documents/fetch-items',
    {
      config: sellerOnly,
      schema: {
        description:
          "The platform's invoices to the seller (plan and the month's percent of sales), newest first; " +
          'queryFilter {month: YYYY-MM}; query: part of the number.',
        querystring: ZDocumentsQuery,
        response: { 200: ZDocumentsResponse },
      },
    },
    (req) => listSellerInvoices(db, sellerId(req), req.query),
  );

  app.get(
    '/api/documents/fetch-item/:id',
    {
      config: sellerOnly,
      schema: {
        description: 'One invoice with the orders its percent was computed from; 404 when not the caller’s.',
        params: ZIdParams,
        response: { 200: ZDocumentResponse },
      },
    },
    async (req) => {
      const row = await sellerInvoice(db, sellerId(req), req.params.id);
      if (!row) throw notFound();
      return { item: toPlatformInvoice(row), orders: await invoiceOrders(db, row.id) };
    },
  );

  app.get(
    '/api/documents/download/:id',
    {
      config: sellerOnly,
      schema: {
        description: 'The invoice as a PDF (attachment named by its number); 404 when not the caller’s.',
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      const row = await sellerInvoice(db, sellerId(req), req.params.id);
      const file = row?.path ? deps.storage.read(row.path) : null;
      if (!row || !file) throw notFound();
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${row.number}.pdf"`);
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(file);
    },
  );

  app.get(
    '/api/profile/generate-stripe-invoice',
    {
      config: { ...sellerOnly, changesState: true },
      schema: {
        description:
          "The seller's invoice of a closed month (YYYY-MM): made once by the billing run (the seller's " +
          'part of it, if it has not run yet), the existing one afterwards; item null when the month had ' +
          'nothing to bill. The current or a future month answers 400 month_not_closed; 503 ' +
          'billing_unavailable when the server bills with the sandbox in production.',
        querystring: ZGenerateInvoiceQuery,
        response: { 200: ZGenerateInvoiceResponse },
      },
    },
    async (req) => {
      if (!billingAvailable(deps.config)) throw new AppError('billing_unavailable');
      const [result] = await runBilling(billingRunDeps(deps, req.log), {
        month: req.query.month,
        sellerId: sellerId(req),
      });
      if (result.outcome === 'failed') throw new AppError('billing_unavailable');
      const invoice = result.outcome === 'nothing' ? null : result.invoice;
      const en = req.locale === 'en';
      if (invoice) {
        return {
          item: toPlatformInvoice(invoice),
          message: en ? `Invoice ${invoice.number}` : `Facture ${invoice.number}`,
        };
      }
      return {
        item: null,
        message:
          result.outcome === 'skipped' &&
          (await billingRunStatus(db, sellerId(req), req.query.month)) !== 'done'
            ? en
              ? 'The invoice of this month is being prepared, try again in a moment'
              : 'La facture de ce mois est en cours de préparation, réessayez dans un instant'
            : en
              ? 'Nothing was billed for this month'
              : "Rien n'a été facturé pour ce mois",
      };
    },
  );
}
