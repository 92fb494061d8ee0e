import { ROLE } from '@livecart/contract/constants';
import {
  SHIPPING_LOGO_MAX_BYTES,
  ZFreePeriodBody,
  ZFreePeriodResponse,
  ZFreePeriodResult,
  ZSaveCountriesBody,
  ZShippingFetchAllResponse,
  ZShippingFetchResponse,
  ZShippingMethodBody,
  ZShippingMethodResult,
  ZShippingStatusBody,
  ZShippingStatusesResult,
  ZThresholdBody,
  ZThresholdResult,
} from '@livecart/contract/shipping';
import { zId } from '@livecart/contract/validation';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidFields } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { unsafeTextPaths } from '../../lib/input-text.ts';
import { uploadError } from '../../lib/multipart.ts';
import { ctxOf } from '../context.ts';
import { type CatalogueInput, createMethod, deleteMethod, updateMethod } from './catalogue.ts';
import { clearFreePeriod, fetchFreePeriod, saveFreePeriod, saveThreshold } from './freeShipping.ts';
import { logoSizeError } from './logo.ts';
import { changeStatus, changeStatuses, fetchMethod, fetchMethods, saveCountries } from './methods.ts';

const admin = { access: [ROLE.admin] } as const;
const sellers = { access: [ROLE.seller] } as const;
const sellersAndAdmin = { access: [ROLE.seller, ROLE.admin] } as const;
const ZIdParams = z.object({ id: zId() });
const ZDone = z.object({ success: z.literal(true) });

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
 * The name and logo of create and update: a JSON body, or multipart with the text field `name`
 * and the file `logo` (at most 1 MB, else 413 `shipping_logo_size`). Multipart text, names included,
 * is checked as a JSON body is (no NUL or lone surrogate: `invalid_characters`), then by the same schema.
 */
async function readCatalogueInput(req: FastifyRequest): Promise<CatalogueInput> {
  if (!req.isMultipart()) {
    const parsed = ZShippingMethodBody.safeParse(req.body ?? {});
    if (!parsed.success) throw invalidFields(fieldsOf(parsed.error));
    return parsed.data;
  }
  const fields: Record<string, unknown> = Object.create(null);
  let logo: Buffer | undefined;
  // text fields are short (a name of 100 characters): a longer one is cut, then refused by the schema
  const limits = { fileSize: SHIPPING_LOGO_MAX_BYTES, files: 2, fields: 10, fieldSize: 1000, parts: 12 };
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname === 'logo') logo = data;
      else fields[part.fieldname] = data;
    }
  } catch (err) {
    throw uploadError(err, logoSizeError);
  }
  const unsafe = unsafeTextPaths(fields);
  if (unsafe.length) throw invalidFields(Object.fromEntries(unsafe.map((k) => [k, 'invalid_characters'])));
  const parsed = ZShippingMethodBody.safeParse({ ...fields });
  if (!parsed.success) throw invalidFields(fieldsOf(parsed.error));
  return { ...parsed.data, logo };
}

const catalogueBody =
  'JSON `{name}`, or multipart with the text field `name` and an optional file `logo` (PNG, JPG, WebP ' +
  'or SVG checked by content, at most 1 MB: another type, even renamed, answers 400 `shipping_logo_type`, ' +
  'a bigger file 413 `shipping_logo_size`; an SVG with scripts, event handlers, entities or outside links ' +
  'is refused, others are drawn into a PNG; every image is re-encoded without its metadata, at most 1024 ' +
  'pixels a side, and one declaring more than 24 million pixels is refused). A name ' +
  'another method has, whatever its case, width or spacing, answers 409 `shipping_exists`; a control or ' +
  'invisible character in it 400 `invalid_characters`. Nothing changes on a refusal.';

/** SPEC §7 Shipping (base /api/shipping): the admin's catalogue, the sellers' methods and free shipping. */
export async function shippingModule(app: App, deps: Deps) {
  app.get(
    '/api/shipping/fetch-all',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'Every catalogue method by name `{shippings: [{id, name, logo, status, countries: [{country_id, ' +
          'price}]}]}` (price in euros). A seller sees their own switch and prices (off with no countries ' +
          'until they switch it or save countries); admin sees `status` true, no countries, and `sellers`, ' +
          'how many sellers have it on with at least one price.',
        response: { 200: ZShippingFetchAllResponse },
      },
    },
    async (req) => ({ shippings: await fetchMethods(ctxOf(req, deps)) }),
  );

  app.get(
    '/api/shipping/fetch/:id',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'One catalogue method as fetch-all shows it to the caller: `{item}`. Another id answers 404.',
        params: ZIdParams,
        response: { 200: ZShippingFetchResponse },
      },
    },
    async (req) => ({ item: await fetchMethod(ctxOf(req, deps), req.params.id) }),
  );

  app.post(
    '/api/shipping/create',
    {
      config: admin,
      schema: {
        description: `Admin: a new catalogue method (sellers see it off). ${catalogueBody} Answers \`{success, item}\`.`,
        body: ZShippingMethodBody.nullish(),
        response: { 200: ZShippingMethodResult },
      },
    },
    async (req) => ({
      success: true as const,
      item: await createMethod(ctxOf(req, deps), deps.storage, await readCatalogueInput(req)),
    }),
  );

  app.post(
    '/api/shipping/update/:id',
    {
      config: admin,
      schema: {
        description:
          'Admin: renames a catalogue method (the sellers’ copies with it; orders keep the name they were ' +
          `shipped with) and replaces its logo when one is sent. ${catalogueBody} Answers \`{success, item}\`.`,
        params: ZIdParams,
        body: ZShippingMethodBody.nullish(),
        response: { 200: ZShippingMethodResult },
      },
    },
    async (req) => ({
      success: true as const,
      item: await updateMethod(ctxOf(req, deps), deps.storage, req.params.id, await readCatalogueInput(req)),
    }),
  );

  app.delete(
    '/api/shipping/delete/:id',
    {
      config: admin,
      schema: {
        description:
          'Admin: removes a catalogue method and every seller’s switch, countries and prices of it; orders ' +
          'keep the name they were shipped with. Answers `{success}`.',
        params: ZIdParams,
        response: { 200: ZDone },
      },
    },
    async (req) => {
      await deleteMethod(ctxOf(req, deps), deps.storage, req.params.id);
      return { success: true as const };
    },
  );

  app.put(
    '/api/shipping/change-status/:id',
    {
      config: sellers,
      schema: {
        description: 'The seller switches one catalogue method on or off. Answers `{success, item}`.',
        params: ZIdParams,
        body: ZShippingStatusBody,
        response: { 200: ZShippingMethodResult },
      },
    },
    async (req) => ({
      success: true as const,
      item: await changeStatus(ctxOf(req, deps), req.params.id, req.body.status),
    }),
  );

  app.put(
    '/api/shipping/change-statuses',
    {
      config: sellers,
      schema: {
        description: 'The seller switches every catalogue method on or off. Answers `{success, shippings}`.',
        body: ZShippingStatusBody,
        response: { 200: ZShippingStatusesResult },
      },
    },
    async (req) => ({
      success: true as const,
      shippings: await changeStatuses(ctxOf(req, deps), req.body.status),
    }),
  );

  app.post(
    '/api/shipping/save-countries/:id',
    {
      config: sellers,
      schema: {
        description:
          'Replaces the seller’s countries and prices (euros, 0 or more) of one method `{countries: ' +
          '[{country_id, price}]}`; the first save switches the method on. A country twice answers 400 ' +
          '`duplicate_country`, a country that does not exist `countries.N.country_id`; nothing changes ' +
          'then. The checkout offers a method for a country only when it is on and priced for it. ' +
          'Answers `{success, item}`.',
        params: ZIdParams,
        body: ZSaveCountriesBody,
        response: { 200: ZShippingMethodResult },
      },
    },
    async (req) => ({
      success: true as const,
      item: await saveCountries(ctxOf(req, deps), req.params.id, req.body),
    }),
  );

  app.post(
    '/api/shipping/threshold',
    {
      config: sellers,
      schema: {
        description:
          'Orders from `threshold` (euros, subtotal less discount) ship free; null or an empty field turns ' +
          'it off. The field is required (`required`); a bad amount is `numeric`, `not_negative` or ' +
          '`invalid`, and changes nothing. Answers `{success, threshold}`.',
        body: ZThresholdBody,
        response: { 200: ZThresholdResult },
      },
    },
    async (req) => ({
      success: true as const,
      threshold: await saveThreshold(ctxOf(req, deps), req.body.threshold),
    }),
  );

  app.get(
    '/api/shipping/free-period',
    {
      config: sellers,
      schema: {
        description:
          'The seller’s free-shipping window `{item: {id, free_shipping_from, free_shipping_to, state, ' +
          'created_at}}` (state: scheduled, active, or ended once its end passed), or `{item: null}`.',
        response: { 200: ZFreePeriodResponse },
      },
    },
    async (req) => ({ item: await fetchFreePeriod(ctxOf(req, deps)) }),
  );

  app.post(
    '/api/shipping/free-period',
    {
      config: sellers,
      schema: {
        description:
          'Sets the free-shipping window (ISO date-times with their offset, in the years 0001 to 9999 once ' +
          'the offset is applied, else `date`): it replaces the current one ' +
          'and turns the window on. Once a shopper paid shipping in it, their later orders in it ship ' +
          'free. An end before the start answers 400 `period_order`, an end already past ' +
          '`period_in_past` (field `free_shipping_to`); nothing changes then. Answers `{success, item}`.',
        body: ZFreePeriodBody,
        response: { 200: ZFreePeriodResult },
      },
    },
    async (req) => ({ success: true as const, item: await saveFreePeriod(ctxOf(req, deps), req.body) }),
  );

  app.post(
    '/api/shipping/clear-free-period',
    {
      config: sellers,
      schema: {
        description: 'Ends the seller’s free-shipping window and turns it off. Answers `{success}`.',
        response: { 200: ZDone },
      },
    },
    async (req) => {
      await clearFreePeriod(ctxOf(req, deps));
      return { success: true as const };
    },
  );
}
