import type { TSupportDetail, TSupportMessage } from '@livecart/contract/support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import SupportRoute from './SupportRoute';

afterEach(() => vi.unstubAllGlobals());

const admin = makeUser({ role_id: 3 });
const MESSAGE = 'Les commentaires de mon live de ce soir ne créent plus aucun panier depuis 20 h.';

const sellerRequest: TSupportMessage = {
  id: 12,
  type: 'support',
  status: 'open',
  subject: 'Paniers bloqués',
  message: MESSAGE,
  locale: 'en',
  author: {
    user_id: 7,
    first_name: 'Ana',
    last_name: 'Martin',
    email: 'ana@example.com',
    phone: null,
    company_name: 'Boutique Ana',
  },
  attachment: '/api/support/12/attachment',
  replies_count: 0,
  last_reply_at: null,
  created_at: '2026-03-02T08:30:00.000Z',
  updated_at: '2026-03-02T08:30:00.000Z',
  closed_at: null,
};
const contact: TSupportMessage = {
  ...sellerRequest,
  id: 13,
  type: 'contact',
  subject: 'Vos tarifs',
  message: 'Quels sont vos tarifs ?',
  locale: 'fr',
  attachment: null,
  author: {
    ...sellerRequest.author,
    user_id: null,
    first_name: 'Léa',
    last_name: 'Moreau',
    email: 'lea@atelier.test',
  },
};

/** A fake API holding the inbox's requests and their answers. */
function inboxApi() {
  const items = [contact, sellerRequest];
  const replies: Record<number, TSupportDetail['replies']> = { 12: [], 13: [] };
  const lists: URL[] = [];
  const sent: unknown[] = [];
  const detail = (id: number): TSupportDetail => ({
    item: items.find((i) => i.id === id) as TSupportMessage,
    replies: replies[id],
  });
  const fetchMock = mockApi({
    'GET /api/support/fetch-items': (_init: RequestInit, url: URL) => {
      lists.push(url);
      return { count: items.length, items };
    },
    'GET /api/support/fetch-item/12': () => detail(12),
    'POST /api/support/12/reply': (init: RequestInit) => {
      const { message } = sentJson(init) as { message: string };
      sent.push({ reply: message });
      replies[12].push({
        id: 1,
        body: message,
        author_name: 'Admin Demo',
        created_at: '2026-03-02T09:00:00.000Z',
      });
      Object.assign(items[1], { status: 'answered', replies_count: 1 });
      return { success: true, emailed: true, ...detail(12) };
    },
    'POST /api/support/12/close': () => {
      sent.push('close');
      Object.assign(items[1], { status: 'closed', closed_at: '2026-03-02T09:05:00.000Z' });
      return { success: true, item: items[1] };
    },
    'POST /api/support/12/reopen': () => {
      sent.push('reopen');
      Object.assign(items[1], { status: 'answered', closed_at: null });
      return { success: true, item: items[1] };
    },
  });
  return { lists, sent, fetchMock };
}

describe("admin's support inbox", { timeout: 60_000 }, () => {
  it('lists every kind of request with its source, author and status; filters by status and source', async () => {
    const { lists } = inboxApi();
    renderWithApp(<SupportRoute />, { route: '/support', user: admin });
    const row = await screen.findByTestId('support-row-12');
    expect(row.textContent).toContain('Paniers bloqués');
    expect(row.textContent).toContain('Ana Martin');
    expect(row.textContent).toContain('Boutique Ana · ana@example.com');
    expect(row.textContent).toContain('Demande de support');
    expect(screen.getByTestId('support-status-12').textContent).toBe('Ouverte');
    expect(screen.getByTestId('support-row-13').textContent).toContain('Formulaire de contact');
    // newest first
    expect(lists[0].searchParams.get('column')).toBe('created_at');
    expect(lists[0].searchParams.get('sort')).toBe('DESC');

    const filters = screen.getByTestId('support-filters');
    fireEvent.mouseDown(within(filters).getByTestId('filter-status').querySelector('input') as HTMLElement);
    fireEvent.click(await screen.findByTitle('Répondue'));
    fireEvent.mouseDown(within(filters).getByTestId('filter-type').querySelector('input') as HTMLElement);
    fireEvent.click(await screen.findByTitle('Formulaire de contact'));
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() =>
      expect(JSON.parse(lists.at(-1)?.searchParams.get('queryFilter') ?? '{}')).toEqual({
        status: 'answered',
        type: 'contact',
      }),
    );
  });

  it('reads a request with its screenshot, answers it ("Response was sent successfully"), closes and reopens it', async () => {
    const { sent } = inboxApi();
    const { container } = renderWithApp(<SupportRoute />, { route: '/support', user: admin });
    fireEvent.click(await screen.findByTestId('support-open-12'));
    await waitFor(() => expect(currentLocation(container)).toBe('/support?id=12'));
    const drawer = await screen.findByTestId('support-drawer');
    await within(drawer).findByTestId('support-thread-12');
    expect(within(drawer).getByTestId('support-drawer-subject').textContent).toBe('Paniers bloqués');
    expect(within(drawer).getByTestId('support-message').textContent).toBe(MESSAGE);
    expect(within(drawer).getByTestId('support-attachment').getAttribute('src')).toBe(
      '/api/support/12/attachment',
    );
    const facts = within(drawer).getByTestId('support-facts');
    expect(facts.textContent).toContain('ana@example.com');
    expect(facts.textContent).toContain('Anglais');
    expect(
      within(drawer).getByText('Envoyée par e-mail à ana@example.com, dans la langue de la demande.'),
    ).toBeTruthy();

    // an empty answer is refused before sending
    fireEvent.click(within(drawer).getByTestId('support-answer-send'));
    expect(await within(drawer).findByText('Champ obligatoire')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(drawer).getByTestId('support-answer'), {
      target: { value: 'Hello Ana,\nthe cart duration was 0 minutes. ' },
    });
    fireEvent.click(within(drawer).getByTestId('support-answer-send'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'La réponse a été envoyée avec succès',
    );
    expect(sent).toEqual([{ reply: 'Hello Ana,\nthe cart duration was 0 minutes.' }]);
    expect((await within(drawer).findByTestId('support-reply-1')).textContent).toContain('Admin Demo');
    await waitFor(() =>
      expect(within(drawer).getByTestId('support-drawer-status').textContent).toBe('Répondue'),
    );

    fireEvent.click(within(drawer).getByTestId('support-close'));
    await waitFor(() =>
      expect(within(drawer).getByTestId('support-drawer-status').textContent).toBe('Fermée'),
    );
    fireEvent.click(await within(drawer).findByTestId('support-reopen'));
    await waitFor(() =>
      expect(within(drawer).getByTestId('support-drawer-status').textContent).toBe('Répondue'),
    );
    expect(sent.slice(1)).toEqual(['close', 'reopen']);
    // the list shows where it stands
    await waitFor(() => expect(screen.getByTestId('support-status-12').textContent).toBe('Répondue'));
  });

  it("the author's address opens a mail to that address alone, whatever it holds", async () => {
    const odd = { ...contact, id: 14, author: { ...contact.author, email: 'lea?cc=evil@atelier.test' } };
    mockApi({
      'GET /api/support/fetch-items': { count: 1, items: [odd] },
      'GET /api/support/fetch-item/14': { item: odd, replies: [] },
    });
    renderWithApp(<SupportRoute />, { route: '/support?id=14', user: admin });
    const facts = await screen.findByTestId('support-facts');
    const link = within(facts).getByText('lea?cc=evil@atelier.test');
    expect(link.getAttribute('href')).toBe('mailto:lea%3Fcc%3Devil@atelier.test');
  });

  it('a link to a request that is not there says so in the drawer, instead of loading for ever', async () => {
    inboxApi();
    renderWithApp(<SupportRoute />, { route: '/support?id=99', user: admin });
    const drawer = await screen.findByTestId('support-drawer');
    expect((await within(drawer).findByTestId('support-drawer-error')).textContent).toBe(
      'Oups, page introuvable',
    );
  });

  describe('on a phone', () => {
    onPhone();
    it('shows each request as a card that opens the request', async () => {
      inboxApi();
      renderWithApp(<SupportRoute />, { route: '/support', user: admin });
      const card = await screen.findByTestId('support-row-12');
      expect(card.tagName).toBe('LI');
      expect(card.textContent).toContain('Ana Martin');
      fireEvent.click(within(card).getByTestId('support-open-12'));
      expect(await screen.findByTestId('support-thread-12')).toBeTruthy();
    });
  });
});
