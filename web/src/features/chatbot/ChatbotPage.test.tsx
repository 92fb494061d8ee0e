import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import i18n from '../../app/i18n';
import { reply, systemReplies } from '../../test/chatbot';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import ChatbotPage from './ChatbotPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser({ role_id: 2 });
const admin = makeUser({ role_id: 3 });

/** An element's text with the narrow no-break spaces of amounts as plain spaces. */
const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

const robe = { id: 12, name: 'Robe fleurie', price: 49.9, keyword: 'robe12' };
const rows = [
  reply(),
  reply({
    id: 6,
    name: 'Prix',
    keywords: ['prix'],
    message_fr: '{product} à {price}, avec {discount} de remise, commentez {keyword}',
    message_en: '{product}: {price}, {discount} off, comment {keyword}',
    active: false,
    product: robe,
    discount: 10,
    answer_count: 0,
    max_answer_count: 5,
  }),
];

/** The calls of the custom replies tab, `extra` added or replacing them. */
function repliesApi(extra: Record<string, object> = {}) {
  return mockApi({
    'GET /api/fetch-chatbot-messages': { count: rows.length, items: rows },
    'GET /api/fetch-active-sessions': { items: [] },
    ...extra,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([u, init]) => ({ url: new URL(String(u), 'http://localhost'), init: init as RequestInit }))
    .filter((c) => c.url.pathname === path);

const openChatbot = (route = '/chatbot', user = seller) => renderWithApp(<ChatbotPage />, { route, user });

/** Types a trigger word in the tags box and presses Enter. */
function addTrigger(word: string) {
  const input = within(screen.getByTestId('reply-keywords')).getByRole('combobox');
  fireEvent.change(input, { target: { value: word } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
}

describe("a seller's custom replies (SPEC §3 Chatbot message, §7 Chatbot)", { timeout: 60_000 }, () => {
  it('lists the replies with the SPEC columns and sorts them by scenario', async () => {
    const fetchMock = repliesApi();
    const { container } = openChatbot();
    const table = await screen.findByTestId('replies-table');
    await waitFor(() => expect(within(table).getAllByTestId('reply-name-cell')).toHaveLength(2));
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Scénario',
      'Mots déclencheurs',
      'Produit',
      'Remise',
      'Réponses',
      'Visibilité',
      'Actions',
    ]);
    const prix = screen.getByTestId('reply-row-6');
    expect(within(prix).getAllByText(/prix/)[0]).toBeTruthy();
    expect(textOf(within(prix).getByTestId('reply-product-cell'))).toBe('Robe fleurie 49,90 €');
    expect(textOf(prix)).toContain('10 %');
    expect(within(prix).getByTestId('reply-answers').textContent).toBe('0 envoyée · 5 max par live');
    expect(screen.getByTestId('reply-switch-6').getAttribute('aria-checked')).toBe('false');
    const livraison = screen.getByTestId('reply-row-5');
    expect(
      within(within(livraison).getByTestId('reply-triggers'))
        .getAllByText(/./)
        .map((e) => e.textContent),
    ).toEqual(['livraison', 'shipping']);
    expect(within(livraison).getByTestId('reply-answers').textContent).toBe('3 envoyées');
    expect(calls(fetchMock, '/api/fetch-chatbot-messages')[0].url.searchParams.get('type')).toBe('users');

    const scenario = within(table).getByRole('columnheader', { name: /Scénario/ });
    fireEvent.click(scenario);
    await waitFor(() => expect(currentLocation(container)).toContain('column=name'));
    await waitFor(() => {
      const last = calls(fetchMock, '/api/fetch-chatbot-messages').at(-1)?.url.searchParams;
      expect(last?.get('column')).toBe('name');
      expect(last?.get('sort')).toBe('DESC');
    });
    fireEvent.click(scenario);
    await waitFor(() =>
      expect(calls(fetchMock, '/api/fetch-chatbot-messages').at(-1)?.url.searchParams.get('sort')).toBe(
        'ASC',
      ),
    );
  });

  it('writes a reply with a trigger word, previews it in both languages and saves it', async () => {
    let body: Record<string, unknown> | null = null;
    const fetchMock = repliesApi({
      'POST /api/chatbot': (init: RequestInit) => {
        body = sentJson(init);
        return { success: true, item: reply({ id: 9 }) };
      },
    });
    const { container } = openChatbot();
    fireEvent.click(await screen.findByTestId('reply-add'));
    expect(currentLocation(container)).toBe('/chatbot?reply=new');
    fireEvent.change(await screen.findByTestId('reply-name'), { target: { value: 'Livraison' } });
    addTrigger('livraison');
    fireEvent.change(screen.getByTestId('reply-message_fr'), {
      target: { value: 'Bonjour {first_name}, nous livrons en 48 h depuis {store}.' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('reply-preview-fr').textContent).toBe(
        'Bonjour Camille, nous livrons en 48 h depuis Boutique Sophie.',
      ),
    );
    // a placeholder chip inserts at the cursor
    const en = screen.getByTestId('reply-message_en') as HTMLTextAreaElement;
    fireEvent.change(en, { target: { value: 'Hi , we ship in 48 h.' } });
    en.setSelectionRange(3, 3);
    fireEvent.click(
      screen.getByRole('button', {
        name: '{first_name} : insérer le prénom du client dans le texte en anglais',
      }),
    );
    await waitFor(() => expect(en.value).toBe('Hi {first_name}, we ship in 48 h.'));
    await waitFor(() =>
      expect(screen.getByTestId('reply-preview-en').textContent).toBe('Hi Camille, we ship in 48 h.'),
    );
    // the placeholders a custom reply may hold, and no other
    expect(
      within(screen.getByTestId('reply-fr-placeholders'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['{first_name}', '{store}', '{product}', '{price}', '{keyword}', '{discount}', '{link}']);

    fireEvent.click(screen.getByTestId('reply-save'));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      name: 'Livraison',
      keywords: ['livraison'],
      message_fr: 'Bonjour {first_name}, nous livrons en 48 h depuis {store}.',
      message_en: 'Hi {first_name}, we ship in 48 h.',
      product_id: null,
      discount: null,
      max_answer_count: null,
      active: true,
    });
    expect((await screen.findByTestId('toast-success')).textContent).toContain("L'enregistrement a été créé");
    await waitFor(() => expect(currentLocation(container)).toBe('/chatbot'));
    // the list is asked again
    await waitFor(() => expect(calls(fetchMock, '/api/fetch-chatbot-messages').length).toBeGreaterThan(1));
  });

  it('refuses an unknown placeholder before sending, as the server would', async () => {
    const fetchMock = repliesApi();
    openChatbot('/chatbot?reply=new');
    fireEvent.change(await screen.findByTestId('reply-name'), { target: { value: 'Taille' } });
    addTrigger('taille');
    fireEvent.change(screen.getByTestId('reply-message_fr'), { target: { value: 'Voir {minutes}' } });
    fireEvent.change(screen.getByTestId('reply-message_en'), { target: { value: 'See the chart' } });
    fireEvent.click(screen.getByTestId('reply-save'));
    expect(
      await screen.findByText("Ce texte utilise une variable qui n'existe pas pour cette réponse"),
    ).toBeTruthy();
    expect(calls(fetchMock, '/api/chatbot')).toHaveLength(0);
  });

  it("shows the server's refusals under their fields and keeps what was typed", async () => {
    let answer: Response = errorResponse(409, 'chatbot_name_taken', 'A reply already has this name');
    repliesApi({
      'GET /api/fetch-chatbot-message/6': { item: rows[1] },
      'POST /api/chatbot': () => answer,
    });
    openChatbot('/chatbot?reply=6');
    const name = (await screen.findByTestId('reply-name')) as HTMLInputElement;
    expect(name.value).toBe('Prix');
    // the saved product shows by its name, not its id
    expect(within(screen.getByTestId('reply-product')).getByText('Robe fleurie (robe12)')).toBeTruthy();
    // its preview uses the reply's own product and discount
    expect(textOf(screen.getByTestId('reply-preview-fr'))).toBe(
      'Robe fleurie à 49,90 €, avec 10 % de remise, commentez robe12',
    );
    expect(screen.getByTestId('reply-preview-en').textContent).toBe(
      'Robe fleurie: €49.90, 10% off, comment robe12',
    );
    fireEvent.change(name, { target: { value: 'Livraison' } });
    fireEvent.click(screen.getByTestId('reply-save'));
    expect(await screen.findByText('Une réponse porte déjà ce nom')).toBeTruthy();
    expect(name.value).toBe('Livraison');

    answer = new Response(
      JSON.stringify({ error: 'validation', message: 'x', fields: { 'keywords.0': 'trigger_letters' } }),
      { status: 400 },
    );
    fireEvent.change(name, { target: { value: 'Prix robe' } });
    fireEvent.click(screen.getByTestId('reply-save'));
    expect(
      await screen.findByText('Un mot déclencheur doit contenir au moins une lettre ou un chiffre'),
    ).toBeTruthy();
    expect(name.value).toBe('Prix robe');
    expect((screen.getByTestId('reply-message_fr') as HTMLTextAreaElement).value).toBe(rows[1].message_fr);
    expect(screen.queryByTestId('toast-success')).toBeNull();
  });

  it('deletes one reply, then several, each after a confirmation', async () => {
    const fetchMock = repliesApi({
      'DELETE /api/chatbot/delete/5': { success: true },
      'POST /api/chatbot/bulk-delete': { success: true, count: 2 },
    });
    openChatbot();
    fireEvent.click(await screen.findByTestId('reply-delete-5'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('La réponse « Livraison » ne sera plus envoyée dans vos lives.');
    expect(calls(fetchMock, '/api/chatbot/delete/5')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      "L'enregistrement a été supprimé",
    );
    expect(calls(fetchMock, '/api/chatbot/delete/5')[0].init.method).toBe('DELETE');

    fireEvent.click(screen.getByTestId('check-all'));
    fireEvent.click(screen.getByTestId('bulk-delete'));
    await waitFor(() =>
      expect(screen.getByText('2 réponses seront supprimées', { exact: false })).toBeTruthy(),
    );
    const ok = screen.getAllByTestId('confirm-ok').at(-1) as HTMLElement;
    fireEvent.click(ok);
    await waitFor(() => expect(calls(fetchMock, '/api/chatbot/bulk-delete')).toHaveLength(1));
    expect(sentJson(calls(fetchMock, '/api/chatbot/bulk-delete')[0].init)).toEqual({ ids: [5, 6] });
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast-success')
          .some((el) => el.textContent?.includes('Les enregistrements ont été supprimés')),
      ).toBe(true),
    );
  });

  it('switches one reply, and all of them on or off', async () => {
    const fetchMock = repliesApi({
      'GET /api/chatbot/change-active/6': { success: true, active: true, count: 1 },
      'GET /api/chatbot/change-active-all': { success: true, active: false, count: 2 },
    });
    openChatbot();
    fireEvent.click(await screen.findByTestId('reply-switch-6'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      "L'enregistrement a été mis à jour",
    );
    expect(calls(fetchMock, '/api/chatbot/change-active/6')).toHaveLength(1);
    expect(screen.getByRole('switch', { name: 'Activer Prix' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('replies-all-off'));
    await waitFor(() => expect(calls(fetchMock, '/api/chatbot/change-active-all')).toHaveLength(1));
    expect(calls(fetchMock, '/api/chatbot/change-active-all')[0].url.searchParams.get('status')).toBe(
      'false',
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast-success')
          .some((el) => el.textContent?.includes('Les enregistrements ont été mis à jour')),
      ).toBe(true),
    );
  });

  it('filters by switch and product, searches, all in the address', async () => {
    const fetchMock = repliesApi();
    const { container } = openChatbot('/chatbot?queryFilter=%7B%22active%22%3Atrue%7D&query=liv');
    await screen.findByTestId('replies-table');
    // the list's own call, not the try-a-comment box's (every active reply, 100 at a time)
    const first = calls(fetchMock, '/api/fetch-chatbot-messages').find(
      (c) => c.url.searchParams.get('limit') === '25',
    )?.url.searchParams;
    expect(first?.get('queryFilter')).toBe('{"active":true}');
    expect(first?.get('query')).toBe('liv');
    const search = screen.getByTestId('list-search');
    expect(
      (search.tagName === 'INPUT' ? (search as HTMLInputElement) : search.querySelector('input'))?.value,
    ).toBe('liv');
    fireEvent.click(screen.getByTestId('filters-reset'));
    await waitFor(() => expect(currentLocation(container)).toBe('/chatbot'));

    const visibility = screen.getByLabelText('Visibilité', { selector: 'input' });
    fireEvent.mouseDown(visibility);
    fireEvent.click(await screen.findByTitle('Désactivées'));
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() =>
      expect(new URL(currentLocation(container), 'http://x').searchParams.get('queryFilter')).toBe(
        '{"active":false}',
      ),
    );
    await waitFor(() =>
      expect(
        calls(fetchMock, '/api/fetch-chatbot-messages').some(
          (c) => c.url.searchParams.get('queryFilter') === '{"active":false}',
        ),
      ).toBe(true),
    );
    expect(screen.getByLabelText('Produit', { selector: 'input' }).getAttribute('role')).toBe('combobox');
  });

  it('tries a comment on the active replies and shows the message it would get', async () => {
    const fetchMock = repliesApi({
      'GET /api/fetch-chatbot-messages': (_init: RequestInit, url: URL) =>
        url.searchParams.get('queryFilter') === '{"active":true}'
          ? { count: 1, items: [rows[0]] }
          : { count: rows.length, items: rows },
    });
    openChatbot();
    const box = await screen.findByTestId('try-comment-input');
    fireEvent.change(box, { target: { value: "c'est quoi la livraison ?" } });
    const match = await screen.findByTestId('try-comment-match-5');
    expect(within(match).getByTestId('try-comment-reply-name').textContent).toBe('Livraison');
    expect(match.textContent).toContain('mot « livraison »');
    expect(within(match).getByTestId('try-comment-text').textContent).toBe(
      'Bonjour Camille, la livraison prend 48 h depuis Boutique Sophie.',
    );
    const active = calls(fetchMock, '/api/fetch-chatbot-messages').find(
      (c) => c.url.searchParams.get('queryFilter') === '{"active":true}',
    );
    expect(active?.url.searchParams.get('limit')).toBe('100');
    // a plural is not the word
    fireEvent.change(box, { target: { value: 'les livraisons ?' } });
    expect((await screen.findByTestId('try-comment-none')).textContent).toContain(
      'Aucune de vos réponses activées',
    );
  });

  it('names the one reply a live sends when several match: the longest trigger, then the oldest', async () => {
    const express = reply({
      id: 7,
      name: 'Express',
      keywords: ['livraison express'],
      message_fr: 'En express : 24 h.',
      created_at: '2026-04-01T10:00:00Z',
    });
    const later = reply({
      id: 8,
      name: 'Livraison bis',
      keywords: ['livraison'],
      created_at: '2026-05-01T10:00:00Z',
    });
    repliesApi({
      'GET /api/fetch-chatbot-messages': (_init: RequestInit, url: URL) =>
        url.searchParams.get('queryFilter') === '{"active":true}'
          ? { count: 3, items: [rows[0], express, later] }
          : { count: rows.length, items: rows },
    });
    openChatbot();
    const box = await screen.findByTestId('try-comment-input');
    fireEvent.change(box, { target: { value: 'livraison express possible ?' } });
    expect(await screen.findByTestId('try-comment-match-7')).toBeTruthy();
    expect(screen.getAllByTestId('try-comment-reply-name').map((n) => n.textContent)).toEqual(['Express']);
    // "livraison" alone: two replies share the trigger, the oldest answers
    fireEvent.change(box, { target: { value: 'et la livraison ?' } });
    expect(await screen.findByTestId('try-comment-match-5')).toBeTruthy();
    expect(screen.getAllByTestId('try-comment-reply-name').map((n) => n.textContent)).toEqual(['Livraison']);
    fireEvent.change(box, { target: { value: 'les livraisons ?' } });
    expect((await screen.findByTestId('try-comment-none')).textContent).toContain(
      'Aucune de vos réponses activées',
    );
  });

  it('leads to the console of a live running now, else to Live Selling', async () => {
    repliesApi({
      'GET /api/fetch-active-sessions': {
        items: [
          {
            id: 31,
            event_date: '2026-12-24',
            event_time: '20:30',
            started_at: null,
            store: null,
            answered: 2,
          },
        ],
      },
    });
    const { unmount } = openChatbot();
    const link = await screen.findByTestId('test-in-live-31');
    expect(link.getAttribute('href')).toBe('/liveselling/31');
    expect(link.textContent).toBe('Console du live du 24/12/2026 à 20:30');
    unmount();
    vi.unstubAllGlobals();
    repliesApi();
    openChatbot();
    const none = await screen.findByTestId('test-in-live-none');
    expect(none.getAttribute('href')).toBe('/liveselling');
    expect(screen.getByTestId('test-in-live').textContent).toContain("Aucun live n'est en cours");
  });
});

describe('system replies', { timeout: 60_000 }, () => {
  it('a seller edits the text of an event and saves it', async () => {
    let body: Record<string, unknown> | null = null;
    const fetchMock = mockApi({
      'GET /api/fetch-chatbot-default-messages': systemReplies(),
      'POST /api/chatbot-default': (init: RequestInit) => {
        body = sentJson(init);
        return {
          success: true,
          item: {
            ...systemReplies().items[5],
            ...(body ?? {}),
            overridden: true,
            updated_at: '2026-03-02T10:00:00Z',
          },
        };
      },
    });
    const { container } = openChatbot('/chatbot?tab=system');
    await screen.findByTestId('system-payment_received');
    const cards = screen.getAllByTestId(/^system-[a-z_]+$/);
    expect(cards.map((c) => c.getAttribute('data-testid'))).toEqual([
      'system-replies',
      'system-cart_created',
      'system-waiting_joined',
      'system-waiting_served',
      'system-choose_variant',
      'system-unknown_variant',
      'system-sold_out',
      'system-cart_expiring',
      'system-payment_received',
    ]);
    const soldOut = screen.getByTestId('system-sold_out');
    expect(within(soldOut).getByRole('heading', { level: 2 }).textContent).toBe('Épuisé');
    expect(soldOut.textContent).toContain('Envoyée quand le produit est épuisé dans toutes ses variantes');
    expect(within(soldOut).getByTestId('system-sold_out-state').textContent).toBe('Texte de la plateforme');
    expect(within(soldOut).queryByTestId('system-sold_out-reset')).toBeNull();
    // the message as a viewer gets it, in both languages
    expect(within(soldOut).getByTestId('system-sold_out-preview-fr').textContent).toBe(
      'Bonjour Camille, sold_out',
    );
    expect(within(soldOut).getByTestId('system-sold_out-preview-en').textContent).toBe(
      'Hello Camille, sold_out',
    );

    fireEvent.click(within(soldOut).getByRole('button', { name: 'Modifier les textes : Épuisé' }));
    expect(
      within(await within(soldOut).findByTestId('system-sold_out-fr-placeholders'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['{first_name}', '{product}', '{store}']);
    fireEvent.change(within(soldOut).getByTestId('system-sold_out-message_fr'), {
      target: { value: 'Désolée {first_name}, {product} est épuisé.' },
    });
    await waitFor(() =>
      expect(within(soldOut).getByTestId('system-sold_out-preview-fr').textContent).toBe(
        'Désolée Camille, Robe fleurie est épuisé.',
      ),
    );
    fireEvent.click(within(soldOut).getByTestId('system-sold_out-save'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Le scénario a été mis à jour',
    );
    expect(body).toEqual({
      name: 'sold_out',
      message_fr: 'Désolée {first_name}, {product} est épuisé.',
      message_en: 'Hello {first_name}, sold_out',
      active: true,
    });
    expect(calls(fetchMock, '/api/chatbot-default')).toHaveLength(1);
    expect(currentLocation(container)).toBe('/chatbot?tab=system');
    // saved: the card shows the message again, and says the texts are the seller's
    await waitFor(() => expect(screen.getByTestId('system-sold_out-state').textContent).toBe('Vos textes'));
    expect(screen.queryByTestId('system-sold_out-message_fr')).toBeNull();
    expect(screen.getByTestId('system-sold_out-preview-fr').textContent).toBe(
      'Désolée Camille, Robe fleurie est épuisé.',
    );
  });

  it('a seller switches an event off: its texts are kept', async () => {
    let body: Record<string, unknown> | null = null;
    mockApi({
      'GET /api/fetch-chatbot-default-messages': systemReplies(),
      'POST /api/chatbot-default': (init: RequestInit) => {
        body = sentJson(init);
        return { success: true, item: { ...systemReplies().items[1], active: false, overridden: true } };
      },
    });
    openChatbot('/chatbot?tab=system');
    const card = await screen.findByTestId('system-waiting_joined');
    const toggle = within(card).getByRole('switch', { name: 'Envoyée' });
    fireEvent.click(toggle);
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Le scénario a été mis à jour',
    );
    expect(body).toEqual({
      name: 'waiting_joined',
      message_fr: 'Bonjour {first_name}, waiting_joined',
      message_en: 'Hello {first_name}, waiting_joined',
      active: false,
    });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('a reply carrying the cart cannot be switched off and keeps {link}', async () => {
    const fetchMock = mockApi({ 'GET /api/fetch-chatbot-default-messages': systemReplies() });
    openChatbot('/chatbot?tab=system');
    const card = await screen.findByTestId('system-cart_created');
    const toggle = within(card).getByTestId('system-cart_created-active');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(card.textContent).toContain('elle est toujours envoyée et ses textes doivent contenir {link}');
    // the switch says why it cannot be moved
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'toujours envoyée',
    );
    expect(within(card).getByTestId('system-cart_created-mandatory').textContent).toBe('Porte le panier');
    fireEvent.click(within(card).getByTestId('system-cart_created-edit'));
    fireEvent.change(await within(card).findByTestId('system-cart_created-message_fr'), {
      target: { value: 'Merci {first_name} !' },
    });
    fireEvent.click(within(card).getByTestId('system-cart_created-save'));
    expect(
      await within(card).findByText('Cette réponse porte le panier : son texte doit contenir {link}'),
    ).toBeTruthy();
    expect(calls(fetchMock, '/api/chatbot-default')).toHaveLength(0);
  });

  it('a seller goes back to the platform text after a confirmation', async () => {
    let body: Record<string, unknown> | null = null;
    const own = { message_fr: 'Mon texte {first_name}', overridden: true };
    mockApi({
      'GET /api/fetch-chatbot-default-messages': systemReplies({ choose_variant: own }),
      'POST /api/chatbot-default': (init: RequestInit) => {
        body = sentJson(init);
        const back = systemReplies().items[3];
        return {
          success: true,
          item: { ...back, message_fr: back.default_fr, updated_at: '2026-03-02T10:00:00Z' },
        };
      },
    });
    openChatbot('/chatbot?tab=system');
    const card = await screen.findByTestId('system-choose_variant');
    expect(within(card).getByTestId('system-choose_variant-state').textContent).toBe('Vos textes');
    fireEvent.click(within(card).getByTestId('system-choose_variant-reset'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Texte de la plateforme choose_variant');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Le scénario a été mis à jour',
    );
    expect(body).toEqual({ name: 'choose_variant', reset: true });
    await waitFor(() =>
      expect(screen.getByTestId('system-choose_variant-preview-fr').textContent).toBe(
        'Texte de la plateforme choose_variant',
      ),
    );
    expect(screen.queryByTestId('system-choose_variant-reset')).toBeNull();
  });

  it('admin edits the platform defaults only: no tabs, no custom replies', async () => {
    const fetchMock = mockApi({ 'GET /api/fetch-chatbot-default-messages': systemReplies() });
    openChatbot('/chatbot', admin);
    expect(await screen.findByTestId('system-cart_created')).toBeTruthy();
    expect(screen.getByTestId('system-replies').textContent).toContain(
      "chaque vendeur qui n'a pas écrit les siens envoie ceux-ci",
    );
    expect(screen.queryByTestId('chatbot-tab-replies')).toBeNull();
    expect(screen.queryByTestId('custom-replies')).toBeNull();
    expect(screen.queryByTestId('system-cart_created-state')).toBeNull();
    expect(calls(fetchMock, '/api/fetch-chatbot-messages')).toHaveLength(0);
    expect(calls(fetchMock, '/api/fetch-active-sessions')).toHaveLength(0);
  });
});

describe('in English', { timeout: 60_000 }, () => {
  it('the list, the toasts and the system replies speak English', async () => {
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('fr');
    });
    repliesApi({
      'DELETE /api/chatbot/delete/5': { success: true },
      'GET /api/fetch-chatbot-default-messages': systemReplies(),
      'POST /api/chatbot-default': { success: true, item: systemReplies().items[0] },
    });
    openChatbot('/en/chatbot');
    const table = await screen.findByTestId('replies-table');
    await waitFor(() => expect(within(table).getAllByTestId('reply-name-cell')).toHaveLength(2));
    expect(screen.getByTestId('chatbot-tab-replies').textContent).toBe('My replies');
    expect(within(table).getByRole('columnheader', { name: 'Trigger words' })).toBeTruthy();
    expect(textOf(screen.getByTestId('reply-row-6'))).toContain('€');
    expect(screen.getByTestId('reply-row-6').textContent).toContain('10%');
    expect(within(screen.getByTestId('reply-row-6')).getByTestId('reply-answers').textContent).toBe(
      '0 sent · 5 max per live',
    );
    fireEvent.click(screen.getByTestId('reply-delete-5'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Record has been deleted');

    fireEvent.click(screen.getByTestId('chatbot-tab-system'));
    const card = await screen.findByTestId('system-cart_created');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Articles reserved');
    expect(within(card).getByTestId('system-cart_created-preview-en').textContent).toBe(
      'Thanks Camille! Your cart: https://livecart.example/en/checkout/LC-4F7K2Q',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Edit the texts: Articles reserved' }));
    fireEvent.click(await within(card).findByTestId('system-cart_created-save'));
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast-success')
          .some((t) => t.textContent?.includes('Scenario has been update')),
      ).toBe(true),
    );
  });
});

describe('on a phone', { timeout: 60_000 }, () => {
  onPhone();

  it('each reply is a card with its switch and actions; the texts are in tabs', async () => {
    repliesApi({ 'GET /api/fetch-chatbot-message/6': { item: rows[1] } });
    openChatbot();
    const card = await screen.findByTestId('reply-row-6');
    expect(card.tagName).toBe('LI');
    expect(within(card).getByRole('switch', { name: 'Activer Prix' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Supprimer Prix' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Modifier Prix' }));
    expect(await screen.findByTestId('reply-tab-fr')).toBeTruthy();
    expect(screen.getByTestId('reply-tab-en').textContent).toBe('Anglais');
    // both texts are in the form, the hidden tab's too, each named by its label
    expect(screen.getByLabelText('Texte en français')).toBeTruthy();
    expect(screen.getByLabelText('Texte en anglais')).toBeTruthy();
  });
});
