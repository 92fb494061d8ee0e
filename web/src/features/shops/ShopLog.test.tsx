import { SHOP_LOG_KINDS, SHOP_LOG_STATUSES } from '@livecart/contract/shops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '../../app/format';
import i18n from '../../app/i18n';
import { mockApi } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import { makeLogEntry, makeShop } from '../../test/shops';
import { logSentence } from './logText';
import ShopSyncTab from './ShopSyncTab';

afterEach(() => vi.unstubAllGlobals());

const entries = [
  makeLogEntry({
    id: 5,
    kind: 'stock_out',
    params: { sku: 'ROBE-M', product: 'Robe fleurie', delta: -2, quantity: 4 },
    created_at: '2026-11-28T13:05:00Z',
  }),
  makeLogEntry({
    id: 4,
    kind: 'order_out',
    status: 'failed',
    params: { order: 1024 },
    platform_message: 'Customer email is invalid',
    can_retry: true,
    created_at: '2026-11-28T12:59:00Z',
  }),
  makeLogEntry({ id: 3, kind: 'conflict', status: 'conflict', params: { sku: 'PULL-S' } }),
  makeLogEntry({ id: 2, kind: 'import', params: { created: 2, updated: 1, skipped: 0 } }),
  makeLogEntry({ id: 1, kind: 'stock_in', params: { product: null } }),
];

const sentences = (ids: number[]) =>
  ids.map((id) => screen.getByTestId(`shop-log-sentence-${id}`).textContent);

function mockLog() {
  const logCalls: URL[] = [];
  const retried: string[] = [];
  const fetchMock = mockApi({
    'GET /api/shops': { count: 1, items: [makeShop()] },
    'GET /api/shops/4/log': (_init: RequestInit, url: URL) => {
      logCalls.push(url);
      const status = url.searchParams.get('status');
      const items = status ? entries.filter((e) => e.status === status) : entries;
      return { count: status ? items.length : 45, items };
    },
    'POST /api/shops/4/log/4/retry': () => {
      retried.push('4');
      return { success: true };
    },
  });
  return { fetchMock, logCalls, retried };
}

describe('the sync log of a shop (issue 19)', { timeout: 60_000 }, () => {
  it('says what moved in French, newest first, with the platform’s message and a Retry', async () => {
    const { logCalls, retried } = mockLog();
    const { container } = renderWithApp(<ShopSyncTab />, { route: '/inventory?tab=shops', user: makeUser() });
    fireEvent.click(await screen.findByTestId('shop-log-4'));
    await waitFor(() => expect(currentLocation(container)).toBe('/inventory?tab=shops&log=4'));
    await screen.findByTestId('shop-log-sentence-5');
    expect(sentences([5, 4, 3, 2, 1])).toEqual([
      'Stock de « Robe fleurie » (ROBE-M) envoyé à la boutique (variation : −2, quantité : 4)',
      "La commande payée du live n'a pas pu être créée dans la boutique (commande n° 1024)",
      "Conflit : le live et la boutique ont vendu la dernière unité de PULL-S ; la demande la plus tardive rejoint la liste d'attente",
      'Catalogue importé (2 créés, 1 mis à jour, 0 laissé de côté)',
      "Vente ou inventaire de la boutique appliqué au stock de l'article",
    ]);
    const row = screen.getByTestId('shop-log-entry-4');
    expect(row.textContent).toContain('28/11/2026 13:59');
    expect(within(row).getByTestId('shop-log-status-4').textContent).toBe('Échec');
    expect(screen.getByTestId('shop-log-message-4').textContent).toBe(
      'Message de la plateforme : Customer email is invalid',
    );
    expect(screen.getByTestId('shop-log-status-3').textContent).toBe('Conflit');
    expect(screen.queryByTestId('shop-log-retry-5')).toBeNull();
    expect(new URL(logCalls[0]).searchParams.get('limit')).toBe('20');
    expect(new URL(logCalls[0]).searchParams.get('offset')).toBe('0');
    expect(new URL(logCalls[0]).searchParams.has('status')).toBe(false);

    fireEvent.click(screen.getByTestId('shop-log-retry-4'));
    expect(await screen.findByText('Renvoyé')).toBeTruthy();
    expect(retried).toEqual(['4']);
    await waitFor(() => expect(logCalls.length).toBe(2));

    // 45 lines: a second page
    fireEvent.click(
      within(screen.getByTestId('shop-log')).getByRole('listitem', {
        name: (_n, el) => el.getAttribute('title') === '2',
      }),
    );
    await waitFor(() => expect(logCalls.at(-1)?.searchParams.get('offset')).toBe('20'));
    expect(currentLocation(container)).toBe('/inventory?tab=shops&log=4&logPage=2');

    fireEvent.click(screen.getByTestId('shop-log-filter-failed'));
    await waitFor(() => expect(logCalls.at(-1)?.searchParams.get('status')).toBe('failed'));
    expect(logCalls.at(-1)?.searchParams.get('offset')).toBe('0');
    expect(currentLocation(container)).toBe('/inventory?tab=shops&log=4&logStatus=failed');
    await waitFor(() => expect(screen.queryByTestId('shop-log-sentence-5')).toBeNull());
    expect(screen.getByTestId('shop-log-sentence-4')).toBeTruthy();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    try {
      mockLog();
      renderWithApp(<ShopSyncTab />, { route: '/en/inventory?tab=shops&log=4', user: makeUser() });
      await screen.findByTestId('shop-log-sentence-5');
      expect(sentences([5, 4, 3, 2, 1])).toEqual([
        'Stock of “Robe fleurie” (ROBE-M) sent to the shop (change: −2, quantity: 4)',
        'The paid live order could not be created in the shop (order no. 1024)',
        'Conflict: the live and the shop sold the last unit of PULL-S; the later claim joins the waiting list',
        'Catalogue imported (2 created, 1 updated, 0 left out)',
        'Shop sale or count applied to the stock of the item',
      ]);
      expect(screen.getByTestId('shop-log-message-4').textContent).toBe(
        "The platform's message: Customer email is invalid",
      );
      expect(screen.getByTestId('shop-log-retry-4').textContent).toBe('Retry');
      expect(screen.getByTestId('shop-log-status-4').textContent).toBe('Failed');
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  it('has a sentence for every kind and status in both languages, whatever params are missing', () => {
    for (const lang of ['fr', 'en']) {
      const t = i18n.getFixedT(lang);
      for (const kind of SHOP_LOG_KINDS) {
        for (const status of SHOP_LOG_STATUSES) {
          for (const params of [
            {},
            { sku: 'A1', product: 'Robe', delta: 3, units: 1, price: 12.5 },
          ] as Record<string, string | number>[]) {
            const s = logSentence(t, { kind, status, params });
            expect(s, `${lang} ${kind} ${status}`).not.toMatch(/shopSync\.|\{\{|undefined|null/);
          }
        }
      }
    }
    const fr = i18n.getFixedT('fr');
    expect(
      logSentence(fr, { kind: 'price_in', status: 'ok', params: { product: 'Robe', price: 12.5, units: 1 } }),
    ).toBe(`Prix de « Robe » mis à jour depuis la boutique (1 unité, prix : ${formatEuros(12.5)})`);
    expect(
      logSentence(fr, { kind: 'stock_in', status: 'ok', params: { delta: 3, shop_order: '#1001' } }),
    ).toBe(
      "Vente ou inventaire de la boutique appliqué au stock de l'article (variation : +3, commande de la boutique #1001)",
    );
  });

  it('names who keeps a last unit sold on both sides: the later live claim waits, or the shop’s order is to cancel', () => {
    const en = i18n.getFixedT('en');
    expect(
      logSentence(en, {
        kind: 'conflict',
        status: 'conflict',
        params: { product: 'Robe', units: 1, winner: 'shop' },
      }),
    ).toMatch(/^Conflict: the live and the shop sold the last unit of “Robe”.*waiting list \(1 unit\)$/);
    expect(
      logSentence(en, {
        kind: 'conflict',
        status: 'conflict',
        params: { product: 'Robe', units: 1, winner: 'live' },
      }),
    ).toBe(
      'Conflict: the shop sold the last unit of “Robe”, already sold in the live; cancel that order in the shop (1 unit)',
    );
    expect(
      logSentence(en, { kind: 'reconcile', status: 'ok', params: { variants: 25, changed: 2, shipped: 1 } }),
    ).toMatch(/\(2 variants corrected, 1 order shipped\)$/);
  });

  describe('on a phone', () => {
    onPhone();
    it('stacks each line in one cell: when, how, what and Retry, nothing to scroll sideways', async () => {
      mockLog();
      renderWithApp(<ShopSyncTab />, { route: '/inventory?tab=shops&log=4', user: makeUser() });
      const row = await screen.findByTestId('shop-log-entry-4');
      const cells = row.querySelectorAll('td');
      expect(cells.length).toBe(1);
      expect(cells[0].textContent).toContain('28/11/2026 13:59');
      expect(within(cells[0]).getByTestId('shop-log-status-4').textContent).toBe('Échec');
      expect(within(cells[0]).getByTestId('shop-log-retry-4')).toBeTruthy();
      expect(
        screen.getByTestId('shop-log').querySelector('.ant-table-content')?.getAttribute('style') ?? '',
      ).not.toContain('overflow-x');
    });
  });
});
