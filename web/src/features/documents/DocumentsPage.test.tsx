import type { TPlatformInvoice } from '@livecart/contract/billing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { makeUser, renderWithApp } from '../../test/render';
import DocumentsPage, { formatMonth } from './DocumentsPage';

afterEach(() => vi.unstubAllGlobals());

const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

const invoice = (patch: Partial<TPlatformInvoice> = {}): TPlatformInvoice => ({
  id: 4,
  number: 'LC-2026-000004',
  month: '2026-11',
  plan_amount: 149,
  sales_amount: 2000,
  percent: 3,
  percent_amount: 60,
  vat_amount: 41.8,
  total: 250.8,
  status: 'paid',
  created_at: '2026-12-01T01:00:00Z',
  paid_at: '2026-12-01T01:05:00Z',
  ...patch,
});

describe("My Documents: the platform's invoices (SPEC §2, §7)", { timeout: 60_000 }, () => {
  it('names months in the reader’s language', () => {
    expect(formatMonth('2026-11', 'fr')).toBe('novembre 2026');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
  });

  it('lists each invoice with its month, amounts, status and PDF; a row opens its orders', async () => {
    const queries: string[] = [];
    mockApi({
      'GET /api/documents/fetch-items': (_init: RequestInit, url: URL) => {
        queries.push(url.search);
        return { count: 1, items: [invoice()] };
      },
      'GET /api/documents/fetch-item/4': {
        item: invoice(),
        orders: [
          {
            order_number: 'LC7KQ2M9XW',
            paid_at: '2026-11-03T10:00:00Z',
            total: 1500,
            refunded: 0,
            counted: 1500,
          },
          {
            order_number: 'LC8ZZ1A2BC',
            paid_at: '2026-11-20T10:00:00Z',
            total: 700,
            refunded: 200,
            counted: 500,
          },
        ],
      },
    });
    renderWithApp(<DocumentsPage />, { route: '/documents', user: makeUser() });
    const row = await screen.findByTestId('document-row-4');
    expect(textOf(row)).toContain('LC-2026-000004');
    expect(textOf(row)).toContain('novembre 2026');
    expect(textOf(row)).toContain('149 €');
    expect(textOf(row)).toContain('2 000 €');
    expect(textOf(row)).toContain('60 € (3 %)');
    expect(textOf(row)).toContain('41,80 €');
    expect(textOf(row)).toContain('250,80 €');
    expect(within(row).getByTestId('document-status').textContent).toBe('Payée');
    expect(within(row).getByTestId('document-pdf-4').getAttribute('href')).toBe('/api/documents/download/4');
    expect(queries[0]).toContain('limit=25');

    fireEvent.click(within(row).getByTestId('document-open-4'));
    const drawer = await screen.findByTestId('document-drawer');
    await waitFor(() => expect(textOf(drawer)).toContain('LC8ZZ1A2BC'));
    expect(textOf(drawer)).toContain('Facture LC-2026-000004');
    expect(textOf(drawer)).toContain('Commission (3 %)');
    expect(textOf(drawer)).toContain('200 €');
    expect(textOf(drawer)).toContain('500 €');
  });

  it('with no invoice yet, says when one comes', async () => {
    mockApi({ 'GET /api/documents/fetch-items': { count: 0, items: [] } });
    renderWithApp(<DocumentsPage />, { route: '/documents', user: makeUser() });
    expect((await screen.findByTestId('documents-table-empty')).textContent).toBe(
      "Aucune facture pour le moment. La facture d'un mois est émise après sa clôture.",
    );
  });

  it("generates a closed month's invoice and lists it", async () => {
    let items: TPlatformInvoice[] = [];
    const months: (string | null)[] = [];
    mockApi({
      'GET /api/documents/fetch-items': () => ({ count: items.length, items }),
      'GET /api/profile/generate-stripe-invoice': (_init: RequestInit, url: URL) => {
        months.push(url.searchParams.get('month'));
        items = [invoice({ month: '2026-10', number: 'LC-2026-000009', id: 9 })];
        return { item: items[0], message: 'Facture LC-2026-000009 émise' };
      },
    });
    renderWithApp(<DocumentsPage />, { route: '/documents', user: makeUser() });
    await screen.findByTestId('documents-table-empty');
    const picker = screen.getByTestId('documents-month');
    const input = (picker.tagName === 'INPUT' ? picker : picker.querySelector('input')) as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '10/2026' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('documents-generate').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('documents-generate'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Facture LC-2026-000009 émise',
    );
    expect(months).toEqual(['2026-10']);
    expect(textOf(await screen.findByTestId('document-row-9'))).toContain('octobre 2026');
  });

  describe('on a phone', () => {
    onPhone();
    it('shows each invoice as a card with its total and PDF', async () => {
      mockApi({ 'GET /api/documents/fetch-items': { count: 1, items: [invoice({ status: 'failed' })] } });
      renderWithApp(<DocumentsPage />, { route: '/documents', user: makeUser() });
      const card = await screen.findByTestId('document-row-4');
      expect(textOf(card)).toContain('Total 250,80 €');
      expect(within(card).getByTestId('document-status').textContent).toBe('Paiement refusé');
      expect(within(card).getByTestId('document-pdf-4')).toBeTruthy();
    });
  });
});
