import { ROLE } from '@livecart/contract/constants';
import {
  LEGAL_DOC_MAX_BYTES,
  ZFileSettingsQuery,
  ZLinkSettingsBody,
  ZRemoveFileQuery,
  ZShopSettingsResponse,
  ZUpdateSettingsBody,
  ZUpdateSettingsResult,
} from '@livecart/contract/settings';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { uploadError } from '../../lib/multipart.ts';
import { ctxOf } from '../context.ts';
import { removeLegalDoc, saveLegalLinks, uploadLegalDoc } from './legal.ts';
import { fetchSettings, updateSettings } from './service.ts';

const seller = { access: [ROLE.seller] } as const;

/**
 * What a legal upload's body may hold besides its file: a few short text fields. The request's
 * body limit does not bound a multipart body, and the text fields before the file are kept in
 * memory: without these, one request could hold a thousand fields of 1 MB.
 */
const LEGAL_UPLOAD_LIMITS = { fileSize: LEGAL_DOC_MAX_BYTES, fields: 10, fieldSize: 1000, parts: 20 };

/**
 * The one file of a multipart request (any field name), at most 10 MB. A body that is no readable
 * multipart (no boundary, cut short) answers 400 `bad_request`; one with more text fields, or
 * longer ones, than LEGAL_UPLOAD_LIMITS 413 `too_large`.
 */
async function readLegalDoc(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('validation', { file: 'required' });
  try {
    const file = await req.file({ limits: LEGAL_UPLOAD_LIMITS });
    if (!file) throw new AppError('validation', { file: 'required' });
    if (Object.values(file.fields).some((f) => f && 'valueTruncated' in f && f.valueTruncated)) {
      throw new AppError('too_large');
    }
    return await file.toBuffer();
  } catch (err) {
    throw uploadError(err, () => new AppError('legal_doc_size', { file: 'file_too_large' }));
  }
}

export async function settingsModule(app: App, deps: Deps) {
  app.get(
    '/api/fetch-settings',
    {
      config: seller,
      schema: {
        description:
          'The seller’s shop settings `{item}`: `shop_locale` (fr or en, French until saved) is the ' +
          'language of everything the shop’s shoppers receive (private replies, checkout link, e-mails, ' +
          'invoices) unless a shopper chose another at checkout; `cart_duration` (minutes, 30 until ' +
          'saved) is the cart duration new live sessions start with; `free_shipping_status` and ' +
          '`free_shipping_threshold` (euros) the free-shipping threshold, `free_shipping_timer` the ' +
          'free-shipping window switch; per legal document (privacy, terms, delivery, return) `*_doc` ' +
          'is the address its uploaded PDF is served at and `*_link` its link, one of them or neither; ' +
          '`doctype` the kind saved last; `blocked_message` what a blocked shopper’s comment is answered ' +
          'with (null: the default text in the shop’s language). `created_at` and `updated_at` are null ' +
          'while never saved.',
        response: { 200: ZShopSettingsResponse },
      },
    },
    async (req) => ({ item: await fetchSettings(ctxOf(req, deps)) }),
  );

  app.post(
    '/api/update-settings',
    {
      config: seller,
      schema: {
        description:
          'Saves the fields given: `shop_locale` (fr or en), `cart_duration` (whole minutes 0..1440), ' +
          '`blocked_message` (what a blocked shopper’s comment is answered with, trimmed, at most 1000 ' +
          'characters; empty or null: the default text in the shop’s language). A bad ' +
          'value answers 400 `validation` naming it, a field this call does not take `unknown_field`, ' +
          'an empty body `fill_one_field` (under `_`); nothing is saved then. Answers `{success, item}`.',
        body: ZUpdateSettingsBody,
        response: { 200: ZUpdateSettingsResult },
      },
    },
    async (req) => ({
      success: true as const,
      item: await updateSettings(ctxOf(req, deps), req.body),
    }),
  );

  app.post(
    '/api/update-link-settings',
    {
      config: seller,
      schema: {
        description:
          'Saves legal links `{privacy_link, terms_link, delivery_link, return_link}`: each link given ' +
          'replaces the seller’s (empty or null removes it) and replaces that document’s uploaded PDF; ' +
          'links left out stay. http(s) addresses only, without spaces or invisible characters, else 400 ' +
          '`validation` with the field `url` ' +
          '(“Wrong URL format”); a result without any document or link answers 400 ' +
          '`legal_settings_empty`; nothing is saved then. Answers `{success, item}`.',
        body: ZLinkSettingsBody,
        response: { 200: ZUpdateSettingsResult },
      },
    },
    async (req) => ({
      success: true as const,
      item: await saveLegalLinks(ctxOf(req, deps), deps.storage, req.body),
    }),
  );

  app.post(
    '/api/update-file-settings',
    {
      config: seller,
      schema: {
        description:
          'Uploads a legal document (`typedoc` policy, terms, delivery or return; multipart, one file, ' +
          'any field name): a PDF checked by its content (else 400 `legal_doc_type`), at most 10 MB ' +
          '(else 413 `legal_doc_size`); text fields beside it are not read, and more than 10 of them or ' +
          'one over 1,000 bytes answers 413 `too_large`. It replaces that document’s link and previous file; the ' +
          'shoppers open it from the checkout. Answers `{success, item}`.',
        querystring: ZFileSettingsQuery,
        response: { 200: ZUpdateSettingsResult },
      },
    },
    async (req) => {
      const data = await readLegalDoc(req);
      return {
        success: true as const,
        item: await uploadLegalDoc(ctxOf(req, deps), deps.storage, req.query.typedoc, data),
      };
    },
  );

  app.get(
    '/api/remove-settings-file',
    {
      config: { ...seller, changesState: true },
      schema: {
        description:
          'Removes the uploaded file of a legal document (`type` policy, terms, delivery or return; ' +
          '`tmpfile` and `ext` are accepted and not needed). A document without a file is left as it ' +
          'is; removing the last document or link answers 400 `legal_settings_empty`. Refused from ' +
          'other sites like every call that changes something. Answers `{success, item}`.',
        querystring: ZRemoveFileQuery,
        response: { 200: ZUpdateSettingsResult },
      },
    },
    async (req) => ({
      success: true as const,
      item: await removeLegalDoc(ctxOf(req, deps), deps.storage, req.query.type),
    }),
  );
}
