import type { TShop, TShopImportJob, TShopLogEntry } from '@livecart/contract/shops';

/** A connected Shopify shop of the seller; `patch` changes any field. */
export function makeShop(patch: Partial<TShop> = {}): TShop {
  return {
    id: 4,
    platform: 'shopify',
    url: 'https://boutique-demo.myshopify.com',
    name: 'Boutique démo',
    currency: 'EUR',
    state: 'connected',
    paused: false,
    last_error: null,
    linked_variants: 24,
    pending_changes: 3,
    webhooks: true,
    last_synced_at: '2026-11-28T13:05:00Z',
    last_reconciled_at: '2026-11-28T12:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    ...patch,
  };
}

/** An import job of shop 4; `patch` changes any field. */
export function makeImportJob(patch: Partial<TShopImportJob> = {}): TShopImportJob {
  return {
    id: 9,
    shop_id: 4,
    status: 'running',
    done: 0,
    total: 3,
    created: 0,
    updated: 0,
    skipped: [],
    unknown_options: [],
    products: [],
    error: null,
    started_at: '2026-11-28T13:00:00Z',
    finished_at: null,
    ...patch,
  };
}

/** A line of a shop's sync log; `patch` changes any field. */
export function makeLogEntry(patch: Partial<TShopLogEntry> = {}): TShopLogEntry {
  return {
    id: 1,
    kind: 'stock_out',
    status: 'ok',
    params: {},
    platform_message: null,
    can_retry: false,
    created_at: '2026-11-28T13:05:00Z',
    ...patch,
  };
}
