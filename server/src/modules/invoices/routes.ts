import { LOCALES, ROLE } from '@livecart/contract/constants';
import { ZCheckedIdsBody } from '@livecart/contract/lists';
import {
  ZBulkDownloadQuery,
  ZBulkDownloadResponse,
  ZCreateOrderParams,
  ZCreateOrderResponse,
  ZSingleDownloadBody,
  ZSingleDownloadResponse,
} from '@livecart/contract/payments';
import type { TCurrentUser } from '@livecart/contract/user';
import { z } from 'zod';
import type { App, Deps } from '../../lib/http.ts';
import { bulkOrderDocuments, orderDocument } from './service.ts';

/** The order's seller, its shopper, and admin; anyone else gets 404 from the service. */
const anyRole = { access: [ROLE.buyer, ROLE.seller, ROLE.admin] } as const;
const ZLocaleQuery = z.object({ locale: z.enum(LOCALES, { error: 'invalid' }).optional() });

/** Order documents (SPEC §7 Orders): single and bulk downloads, create-order, the invoice file. */
export async function invoicesModule(app: App, deps: Deps) {
  const me = (user: TCurrentUser | null) => user as TCurrentUser;

  app.post(
    '/api/orders/single-download',
    {
      config: anyRole,
      schema: {
        description:
          'The PDF of one order, base64 in `fileDownload`: its invoice once issued (paid orders), else ' +
          'its order summary ("Bon de commande" / "Order summary") in `locale`. For the order’s seller, ' +
          'its shopper and admin; 404 otherwise.',
        body: ZSingleDownloadBody,
        response: { 200: ZSingleDownloadResponse },
      },
    },
    async (req) => {
      const doc = await orderDocument(
        deps,
        me(req.user),
        req.body.orderNumber,
        req.body.locale ?? req.locale,
      );
      return {
        fileDownload: doc.pdf.toString('base64'),
        fileName: doc.fileName,
        contentType: 'application/pdf' as const,
      };
    },
  );

  app.post(
    '/api/orders/bulk-download',
    {
      config: anyRole,
      schema: {
        description:
          'A zip (base64 in `achive`) of the order summaries of the checked orders in status new that ' +
          'are the caller’s; `type=invoices`: the invoices of the checked orders that have one ' +
          '(Payments screen). Body `{data}`: JSON of the checked ids (or `{ids}`). None → 400 ' +
          '`select_order_download` ‘Please select an order to be downloaded’.',
        querystring: ZBulkDownloadQuery,
        body: ZCheckedIdsBody,
        response: { 200: ZBulkDownloadResponse },
      },
    },
    async (req) => {
      const locale = req.query.locale ?? req.locale;
      const { zip, count } = await bulkOrderDocuments(
        deps,
        me(req.user),
        req.body.ids,
        locale,
        req.query.type,
      );
      return {
        achive: zip.toString('base64'),
        fileName:
          req.query.type === 'invoices'
            ? `${locale === 'fr' ? 'factures' : 'invoices'}.zip`
            : `${locale === 'fr' ? 'commandes' : 'orders'}.zip`,
        count,
        message: locale === 'fr' ? 'Les commandes ont été téléchargées' : 'Orders has been downloaded',
      };
    },
  );

  app.get(
    '/api/create-order/:a/:b/:c',
    {
      config: anyRole,
      schema: {
        description:
          'The document of an order as `{fileName, filebase64}`: `a` the seller’s id, `b` the order ' +
          'number, `c` the locale (fr|en). Same document as single-download; 404 unless the order ' +
          'is that seller’s and the caller is its seller, its shopper or admin.',
        params: ZCreateOrderParams,
        response: { 200: ZCreateOrderResponse },
      },
    },
    async (req) => {
      const { a, b, c } = req.params;
      const doc = await orderDocument(deps, me(req.user), b, c, { sellerId: a });
      return { fileName: doc.fileName, filebase64: doc.pdf.toString('base64') };
    },
  );

  app.get(
    '/api/invoices/:orderNumber.pdf',
    {
      // Opened from an e-mail or a web mail as often as from the app; a guest has no session,
      // the checkout link's token `t` opens it.
      config: { access: 'public', crossSite: 'link' },
      schema: {
        description:
          'The stored invoice PDF of a paid order (application/pdf), for its seller, its shopper and ' +
          'admin, and for the holder of the order’s checkout link (`t`, a guest who paid); 404 when ' +
          'not issued yet or not the caller’s.',
        params: z.object({ orderNumber: z.string().min(1).max(32) }),
        querystring: ZLocaleQuery.extend({ t: z.string().max(200).optional() }),
      },
    },
    async (req, reply) => {
      const doc = await orderDocument(
        deps,
        req.user,
        req.params.orderNumber,
        req.query.locale ?? req.locale,
        {
          invoiceOnly: true,
          token: req.query.t,
        },
      );
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${doc.fileName}"`);
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(doc.pdf);
    },
  );
}
