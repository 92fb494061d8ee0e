import type { TShopImportJob } from '@livecart/contract/shops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { makeUser, renderWithApp } from '../../test/render';
import { makeImportJob, makeShop } from '../../test/shops';
import ShopSyncTab from './ShopSyncTab';

afterEach(() => vi.unstubAllGlobals());

const finished: TShopImportJob = makeImportJob({
  status: 'done',
  done: 3,
  total: 3,
  created: 2,
  updated: 1,
  skipped: [
    { product: 'Carte cadeau', reason: 'no_variant_mapped' },
    { product: 'Robe (Rouge / M / Lin)', reason: 'duplicate_variant' },
  ],
  unknown_options: [{ product: 'Robe fleurie', option: 'Couleur', value: 'Corail' }],
  products: [
    { id: 31, name: 'Robe fleurie', keyword: 'robe-fleurie', is_publish: false, variants: 6, created: true },
    { id: 32, name: 'Pull marin', keyword: 'pull-marin', is_publish: false, variants: 4, created: true },
    { id: 33, name: 'Jean droit', keyword: 'jean', is_publish: true, variants: 3, created: false },
  ],
  finished_at: '2026-11-28T13:01:00Z',
});

describe('the import of a shop catalogue (issue 19)', { timeout: 60_000 }, () => {
  it('shows the progress every second while it runs, then the report with the options not recognised', async () => {
    const progress = [makeImportJob({ done: 1 }), makeImportJob({ done: 2 }), finished];
    const polls: number[] = [];
    mockApi({
      'GET /api/shops': { count: 1, items: [makeShop()] },
      'POST /api/shops/4/import': { job: makeImportJob() },
      'GET /api/shops/4/import': () => {
        polls.push(Date.now());
        return { job: progress.length > 1 ? progress.shift() : progress[0] };
      },
    });
    renderWithApp(<ShopSyncTab />, { route: '/inventory?tab=shops', user: makeUser() });
    fireEvent.click(await screen.findByTestId('shop-import-4'));
    const running = await screen.findByTestId('shop-import-progress');
    await waitFor(() => expect(running.textContent).toContain('Import en cours : 1 sur 3 produits lus'));
    expect(within(running).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
    await waitFor(() => expect(screen.getByTestId('shop-import-progress').textContent).toContain('2 sur 3'));
    const report = await screen.findByTestId('shop-import-report');
    expect(screen.queryByTestId('shop-import-progress')).toBeNull();
    expect(screen.getByTestId('shop-import-created').textContent).toBe('2 produits créés');
    expect(screen.getByTestId('shop-import-updated').textContent).toBe('1 produit mis à jour');
    // the server's reason codes read as sentences
    expect(screen.getByTestId('shop-import-skipped').textContent).toContain(
      'Carte cadeauAucune de ses variantes ne correspond à vos couleurs et tailles',
    );
    expect(screen.getByTestId('shop-import-skipped').textContent).toContain(
      "Robe (Rouge / M / Lin)Variante en double : elle tombe sur la même couleur et la même taille qu'une autre",
    );
    expect(screen.getByTestId('shop-import-unknown-help').textContent).toContain(
      'elles ne sont pas devinées. Ajoutez la couleur ou la taille au produit à la main, ou renommez-la dans la boutique',
    );
    const unknown = within(screen.getByTestId('shop-import-unknown'));
    expect(unknown.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Produit',
      'Option',
      'Valeur',
    ]);
    expect(unknown.getByText('Corail').closest('tr')?.textContent).toBe('Robe fleurieCouleurCorail');
    expect(within(report).getAllByTestId(/^shop-import-product-/).length).toBe(3);
    // asked once a second, not in a loop
    expect(polls.length).toBe(3);
    expect(polls[2] - polls[1]).toBeGreaterThanOrEqual(900);
    await new Promise((r) => setTimeout(r, 1200));
    expect(polls.length).toBe(3);
  });

  it('publishes the checked products with their keywords; a refused keyword shows on its row', async () => {
    const posted: unknown[] = [];
    const answers = [
      new Response(
        JSON.stringify({
          error: 'validation',
          message: 'validation',
          fields: { 'items.1.keyword': 'keyword_taken' },
        }),
        { status: 400 },
      ),
    ];
    mockApi({
      'GET /api/shops': { count: 1, items: [makeShop()] },
      'POST /api/shops/4/import': { job: finished },
      'GET /api/shops/4/import': { job: finished },
      'POST /api/shops/4/publish': (init: RequestInit) => {
        posted.push(sentJson(init));
        return answers.shift() ?? { success: true, published: 2 };
      },
    });
    renderWithApp(<ShopSyncTab />, { route: '/inventory?tab=shops', user: makeUser() });
    fireEvent.click(await screen.findByTestId('shop-import-4'));
    const keyword31 = (await screen.findByTestId('shop-import-keyword-31')) as HTMLInputElement;
    expect(keyword31.value).toBe('robe-fleurie');
    // the unpublished products come checked, the published one not
    const checked = (id: number) =>
      (within(screen.getByTestId(`shop-import-product-${id}`)).getByRole('checkbox') as HTMLInputElement)
        .checked;
    expect([checked(31), checked(32), checked(33)]).toEqual([true, true, false]);
    fireEvent.change(keyword31, { target: { value: 'robe' } });
    // an emptied keyword is refused before it is sent
    fireEvent.change(screen.getByTestId('shop-import-keyword-32'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('shop-publish'));
    expect((await screen.findByTestId('shop-import-keyword-error-32')).textContent).toBe('Champ obligatoire');
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByTestId('shop-import-keyword-32'), { target: { value: 'pull' } });
    fireEvent.click(screen.getByTestId('shop-publish'));
    await waitFor(() =>
      expect(screen.getByTestId('shop-import-keyword-error-32').textContent).toBe(
        'Ce mot-clé est déjà utilisé par un autre produit publié',
      ),
    );
    expect(screen.queryByTestId('shop-import-keyword-error-31')).toBeNull();
    expect(screen.getByTestId('shop-publish-error').textContent).toContain('corrigez les mots-clés signalés');
    expect(posted).toEqual([
      {
        items: [
          { id: 31, keyword: 'robe' },
          { id: 32, keyword: 'pull' },
        ],
      },
    ]);
    fireEvent.change(screen.getByTestId('shop-import-keyword-32'), { target: { value: 'pull-marin-2' } });
    expect(screen.queryByTestId('shop-import-keyword-error-32')).toBeNull();
    fireEvent.click(screen.getByTestId('shop-publish'));
    expect(await screen.findByText('2 produits publiés')).toBeTruthy();
    expect(posted[1]).toEqual({
      items: [
        { id: 31, keyword: 'robe' },
        { id: 32, keyword: 'pull-marin-2' },
      ],
    });
  });

  it('a catalogue of many products shows 50 a page and opens the page of a refused keyword', async () => {
    const many = makeImportJob({
      status: 'done',
      done: 60,
      total: 60,
      created: 60,
      products: Array.from({ length: 60 }, (_, i) => ({
        id: 100 + i,
        name: `Produit ${i}`,
        keyword: `produit-${i}`,
        is_publish: false,
        variants: 1,
        created: true,
      })),
    });
    mockApi({
      'GET /api/shops': { count: 1, items: [makeShop()] },
      'POST /api/shops/4/import': { job: many },
      'GET /api/shops/4/import': { job: many },
      'POST /api/shops/4/publish': new Response(
        JSON.stringify({
          error: 'validation',
          message: 'validation',
          fields: { 'items.55.keyword': 'keyword_taken' },
        }),
        { status: 400 },
      ),
    });
    renderWithApp(<ShopSyncTab />, { route: '/inventory?tab=shops', user: makeUser() });
    fireEvent.click(await screen.findByTestId('shop-import-4'));
    await screen.findByTestId('shop-import-keyword-100');
    expect(screen.getAllByTestId(/^shop-import-product-/).length).toBe(50);
    expect(screen.queryByTestId('shop-import-keyword-155')).toBeNull();
    fireEvent.click(screen.getByTestId('shop-publish'));
    expect((await screen.findByTestId('shop-import-keyword-error-155')).textContent).toBe(
      'Ce mot-clé est déjà utilisé par un autre produit publié',
    );
    expect(screen.getAllByTestId(/^shop-import-product-/).length).toBe(10);
  });

  it('a stopped import says why, with the platform’s message', async () => {
    const failed = makeImportJob({ status: 'failed', done: 1, error: '429 Too Many Requests' });
    mockApi({
      'GET /api/shops': { count: 1, items: [makeShop()] },
      'POST /api/shops/4/import': { job: failed },
      'GET /api/shops/4/import': { job: failed },
    });
    renderWithApp(<ShopSyncTab />, { route: '/inventory?tab=shops', user: makeUser() });
    fireEvent.click(await screen.findByTestId('shop-import-4'));
    const alert = await screen.findByTestId('shop-import-failed');
    expect(alert.textContent).toContain("L'import s'est arrêté");
    expect(alert.textContent).toContain('429 Too Many Requests');
  });

  describe('on a phone', () => {
    onPhone();
    it('keeps each keyword under its product name, in the same cell', async () => {
      mockApi({
        'GET /api/shops': { count: 1, items: [makeShop()] },
        'POST /api/shops/4/import': { job: finished },
        'GET /api/shops/4/import': { job: finished },
      });
      renderWithApp(<ShopSyncTab />, { route: '/inventory?tab=shops', user: makeUser() });
      fireEvent.click(await screen.findByTestId('shop-import-4'));
      const keyword = await screen.findByTestId('shop-import-keyword-31');
      const cell = keyword.closest('td') as HTMLElement;
      expect(cell.textContent).toContain('Robe fleurie');
      expect(cell.textContent).toContain('6 variantes');
      expect(keyword.getAttribute('aria-label')).toBe('Mot-clé de « Robe fleurie »');
    });
  });
});
