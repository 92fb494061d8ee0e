/**
 * The seller's legal documents (privacy policy, terms, delivery and return conditions), shown by
 * the checkout. Each is an uploaded PDF (`*_doc`, its storage key `legal/….pdf`, served publicly
 * by the files module) or a link (`*_link`), never both: saving one clears the other. At least one
 * document or link must remain once the seller has any (SPEC §5); a change that would leave none
 * is refused and changes nothing. A file no longer used is removed from storage after the commit.
 */
import {
  LEGAL_DOC_COLUMN,
  LEGAL_DOC_MAX_BYTES,
  type TLegalDocType,
  type TLinkSettingsBody,
  type TShopSettings,
} from '@livecart/contract/settings';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { sellerOf, toItem } from './service.ts';
import { settings } from './tables.ts';

type SettingsRow = typeof settings.$inferSelect;
type Column = (typeof LEGAL_DOC_COLUMN)[TLegalDocType];
type LegalPatch = Partial<Pick<SettingsRow, `${Column}_doc` | `${Column}_link` | 'doctype'>>;

const COLUMNS = Object.values(LEGAL_DOC_COLUMN);

/** Whether the settings keep at least one legal document or link. */
const hasLegal = (row: SettingsRow) => COLUMNS.some((c) => row[`${c}_doc`] || row[`${c}_link`]);

/** A stored upload of this module (older rows may hold an address instead). */
const isStoredFile = (value: string | null): value is string => !!value && value.startsWith('legal/');

/**
 * The seller's row locked for the change (made first when `create`: a refusal rolls it back), the
 * change applied, the result checked; answers the item and the files the change dropped.
 */
async function changeLegal(
  ctx: Ctx,
  create: boolean,
  change: (row: SettingsRow) => LegalPatch | null,
): Promise<{ item: TShopSettings; dropped: string[] }> {
  const sellerId = sellerOf(ctx);
  return ctx.db.transaction(async (tx) => {
    if (create) await tx.insert(settings).values({ user_id: sellerId }).onConflictDoNothing();
    const row = await lockedRow(tx, sellerId);
    const patch = row && change(row);
    if (!row || !patch) return { item: toItem(sellerId, row), dropped: [] };
    const next = { ...row, ...patch };
    if (!hasLegal(next)) throw new AppError('legal_settings_empty');
    const [saved] = await tx
      .update(settings)
      .set({ ...patch, updated_at: new Date() })
      .where(eq(settings.user_id, sellerId))
      .returning();
    const dropped = COLUMNS.map((c) => row[`${c}_doc`]).filter(
      (key): key is string => isStoredFile(key) && !COLUMNS.some((c) => saved[`${c}_doc`] === key),
    );
    return { item: toItem(sellerId, saved), dropped };
  });
}

async function lockedRow(db: DbOrTx, sellerId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.user_id, sellerId)).for('update');
  return row;
}

async function removeFiles(storage: Storage, keys: string[]) {
  for (const key of keys) await storage.remove(key);
}

/**
 * POST update-link-settings: the links given replace the seller's ('' or null removes one); a
 * link replaces that document's uploaded PDF; links left out stay.
 */
export async function saveLegalLinks(ctx: Ctx, storage: Storage, body: TLinkSettingsBody) {
  const { item, dropped } = await changeLegal(ctx, true, () => {
    const patch: LegalPatch = { doctype: 'link' };
    for (const c of COLUMNS) {
      const link = body[`${c}_link`];
      if (link === undefined) continue;
      patch[`${c}_link`] = link;
      if (link) patch[`${c}_doc`] = null;
    }
    return patch;
  });
  await removeFiles(storage, dropped);
  return item;
}

/** An uploaded legal document: a real PDF (by its content, not its name), at most 10 MB. */
export async function checkLegalDoc(data: Buffer) {
  if (data.length > LEGAL_DOC_MAX_BYTES) throw new AppError('legal_doc_size', { file: 'file_too_large' });
  const type = await fileTypeFromBuffer(data);
  if (type?.mime !== 'application/pdf') throw new AppError('legal_doc_type', { file: 'pdf_only' });
}

/**
 * POST update-file-settings?typedoc: the PDF becomes that document, replacing its link and its
 * previous file. Stored under a generated name in `legal/`.
 */
export async function uploadLegalDoc(ctx: Ctx, storage: Storage, typedoc: TLegalDocType, data: Buffer) {
  sellerOf(ctx);
  await checkLegalDoc(data);
  const column = LEGAL_DOC_COLUMN[typedoc];
  const key = await storage.put('legal', 'pdf', data);
  const { item, dropped } = await changeLegal(ctx, true, () => ({
    [`${column}_doc`]: key,
    [`${column}_link`]: null,
    doctype: 'file',
  })).catch(async (err) => {
    await storage.remove(key);
    throw err;
  });
  await removeFiles(storage, dropped);
  return item;
}

/**
 * GET remove-settings-file?type: removes that document's uploaded file. Without one it changes
 * nothing; it is refused when no document or link would remain.
 */
export async function removeLegalDoc(ctx: Ctx, storage: Storage, type: TLegalDocType) {
  const column = LEGAL_DOC_COLUMN[type];
  const { item, dropped } = await changeLegal(ctx, false, (row) =>
    row[`${column}_doc`] ? { [`${column}_doc`]: null } : null,
  );
  await removeFiles(storage, dropped);
  return item;
}
