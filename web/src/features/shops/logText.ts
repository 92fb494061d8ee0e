import type { TShopLogEntry } from '@livecart/contract/shops';
import type { TFunction } from 'i18next';
import { formatEuros } from '../../app/format';

type Params = TShopLogEntry['params'];

const present = (v: unknown): v is string | number => v !== null && v !== undefined && v !== '';

/** `+2` / `−3`: a stock change as a person reads it. */
function signed(v: string | number): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${Math.abs(n)}` : '0';
}

/** What a line is about: `« Robe » (ROBE-M)`, the product or the SKU alone, or "the item". */
function subjectOf(t: TFunction, p: Params): string {
  const { product, sku } = p;
  if (present(product) && present(sku)) return t('shopSync.log.subject.both', { product, sku });
  if (present(product)) return t('shopSync.log.subject.product', { product });
  if (present(sku)) return String(sku);
  return t('shopSync.log.subject.none');
}

/** The figures a line carries, each only when it is there: `variation : −2, commande n° 1024`. */
function detailsOf(t: TFunction, p: Params): string[] {
  const out: string[] = [];
  if (present(p.delta)) out.push(t('shopSync.log.detail.delta', { value: signed(p.delta) }));
  if (present(p.quantity)) out.push(t('shopSync.log.detail.quantity', { value: p.quantity }));
  if (present(p.units)) out.push(t('shopSync.log.detail.units', { count: Number(p.units) }));
  if (present(p.price))
    out.push(
      t('shopSync.log.detail.price', {
        value: Number.isFinite(Number(p.price)) ? formatEuros(Number(p.price)) : String(p.price),
      }),
    );
  if (present(p.order)) out.push(t('shopSync.log.detail.order', { value: p.order }));
  if (present(p.shop_order)) out.push(t('shopSync.log.detail.shopOrder', { value: p.shop_order }));
  if (present(p.created)) out.push(t('shopSync.log.detail.created', { count: Number(p.created) }));
  if (present(p.updated)) out.push(t('shopSync.log.detail.updated', { count: Number(p.updated) }));
  if (present(p.skipped)) out.push(t('shopSync.log.detail.skipped', { count: Number(p.skipped) }));
  if (present(p.changed)) out.push(t('shopSync.log.detail.changed', { count: Number(p.changed) }));
  if (present(p.shipped)) out.push(t('shopSync.log.detail.shipped', { count: Number(p.shipped) }));
  if (present(p.tracking)) out.push(t('shopSync.log.detail.tracking', { value: p.tracking }));
  return out;
}

/**
 * The sentence of one log line in the reader's language, from its `kind`, its status and its
 * `params`: the kind's sentence (its failed form when it failed), then the figures it has.
 */
export function logSentence(t: TFunction, entry: Pick<TShopLogEntry, 'kind' | 'status' | 'params'>): string {
  const subject = subjectOf(t, entry.params ?? {});
  const form = entry.status === 'failed' ? 'failed' : 'ok';
  // a last unit the live had sold first: the shop oversold it (its order is the one to cancel)
  const main =
    entry.kind === 'conflict' && form === 'ok' && entry.params?.winner === 'live'
      ? t('shopSync.log.kind.conflict.live', { subject })
      : t(`shopSync.log.kind.${entry.kind}.${form}`, { subject });
  const details = detailsOf(t, entry.params ?? {});
  return details.length ? t('shopSync.log.withDetails', { main, details: details.join(', ') }) : main;
}
