import type { TLiveComment, TLiveSessionDetail } from '@livecart/contract/live';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../app/i18n';
import { mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import { shopSettings } from '../../test/settings';
import LiveConsolePage from './LiveConsolePage';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const URL_ = 'http://localhost:3000/api/add-live-messages?sessionId=5';

const detail = (patch: Partial<TLiveSessionDetail> = {}): TLiveSessionDetail => ({
  id: 5,
  status: 'live',
  closed: false,
  event_date: '2026-12-24',
  event_time: '20:30',
  order_timer: 30,
  scenario: null,
  store_id: null,
  participants: 2,
  started_at: '2026-12-24T19:30:00Z',
  stopped_at: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ingest_token: TOKEN,
  ingest_url: URL_,
  example_comment: 'sac7 rouge m',
  sources: [],
  ...patch,
});

const comment = (patch: Partial<TLiveComment>): TLiveComment => ({
  id: 1,
  external_id: 'sim-1',
  from_id: 'sim:camille',
  from_name: 'Camille',
  platform: 'facebook',
  message: 'robe1 x2',
  outcome: 'ordered',
  reason: null,
  order_number: 'LCABCDEFGHJK',
  answered: null,
  reply: { text: 'Merci Camille ! Votre panier : http://localhost/checkout/LCABCDEFGHJK', status: 'sent' },
  created_time: '2026-12-24T19:31:05Z',
  ...patch,
});

const seller = makeUser();

function renderConsole() {
  return renderWithApp(
    <Routes>
      <Route path="/liveselling/:id" element={<LiveConsolePage />} />
    </Routes>,
    { user: seller, route: '/liveselling/5' },
  );
}

describe('Live session console', { timeout: 60_000 }, () => {
  it('shows the comments newest first with outcomes, order numbers and private replies', async () => {
    mockApi({
      'GET /api/livesession/5': { item: detail() },
      'GET /api/livesession/5/comments': {
        count: 3,
        items: [
          comment({
            id: 3,
            from_name: 'Emma',
            message: 'bonjour',
            outcome: 'no_match',
            order_number: null,
            reply: null,
            created_time: '2026-12-24T19:33:00Z',
          }),
          comment({
            id: 2,
            from_name: 'Lucas',
            message: 'robe1',
            outcome: 'waiting',
            order_number: null,
            reply: { text: 'Vous êtes sur la liste d’attente', status: 'pending' },
            created_time: '2026-12-24T19:32:00Z',
          }),
          comment({ id: 1 }),
        ],
      },
    });
    renderConsole();
    const feed = await screen.findByTestId('comment-feed');
    await waitFor(() => expect(within(feed).getAllByTestId('comment-row')).toHaveLength(3));
    const rows = within(feed).getAllByTestId('comment-row');
    expect(rows.map((r) => r.getAttribute('data-outcome'))).toEqual(['no_match', 'waiting', 'ordered']);
    expect(rows[0].textContent).toContain('Emma');
    expect(rows[0].textContent).toContain('Aucune correspondance');
    expect(rows[1].textContent).toContain('20:32:00');
    expect(rows[1].textContent).toContain("Liste d'attente");
    expect(rows[1].textContent).toContain('Vous êtes sur la liste d’attente');
    expect(within(rows[1]).getByTestId('comment-reply').getAttribute('data-reply-status')).toBe('pending');
    expect(rows[2].textContent).toContain('20:31:05');
    expect(rows[2].textContent).toContain('Camille');
    expect(rows[2].textContent).toContain('robe1 x2');
    expect(rows[2].textContent).toContain('Commandé');
    expect(rows[2].textContent).toContain('LCABCDEFGHJK');
    expect(rows[2].textContent).toContain(
      'Merci Camille ! Votre panier : http://localhost/checkout/LCABCDEFGHJK',
    );
    expect(rows[2].textContent).toContain('Envoyée');

    expect(screen.getByTestId('console-status').textContent).toBe('En direct');
    expect(screen.getByTestId('live-stop-5')).toBeTruthy();
    expect(screen.getByTestId('ingest-url').textContent).toContain(URL_);
    // the token is masked until shown
    expect(screen.getByTestId('ingest-token').textContent).not.toContain(TOKEN);
    fireEvent.click(screen.getByTestId('ingest-token-toggle'));
    expect(screen.getByTestId('ingest-token').textContent).toContain(TOKEN);
    expect(screen.getByTestId('ingest-curl').textContent).toContain(`X-Ingest-Token: ${TOKEN}`);
  });

  it('shows the stores feeding the live, their video and why one cannot be read', async () => {
    mockApi({
      'GET /api/livesession/5': {
        item: detail({
          sources: [
            {
              store_id: 1,
              name: 'Ma page',
              platform: 'facebook',
              video_id: 'v-1',
              video_status: 'live',
              poll_error: null,
              token_error: null,
            },
            {
              store_id: 2,
              name: '@ma.boutique',
              platform: 'instagram',
              video_id: null,
              video_status: null,
              poll_error: null,
              token_error: 'expired',
            },
          ],
        }),
      },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
    });
    renderConsole();
    const page = await screen.findByTestId('console-source-1');
    expect(within(page).getByTestId('console-source-state').textContent).toBe('Vidéo en direct reliée');
    expect(within(page).getByTestId('comment-platform').textContent).toBe('Facebook');
    expect(within(page).queryByTestId('console-source-error')).toBeNull();
    const ig = screen.getByTestId('console-source-2');
    expect(within(ig).getByTestId('console-source-state').textContent).toBe('En attente du direct');
    expect(within(ig).getByTestId('console-source-error').textContent).toContain('resynchronisez');
  });

  it('orders #12 report: the console of a live links to its report', async () => {
    mockApi({
      'GET /api/livesession/5': { item: detail() },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
    });
    renderConsole();
    const link = await screen.findByTestId('console-report-5');
    expect(link.getAttribute('href')).toBe('/liveselling/5/report');
    expect(link.textContent).toContain('Rapport du live');
  });

  it('the simulator sends {from_name, message} as the chosen viewer, clears the input and refetches the feed', async () => {
    const sent: unknown[] = [];
    let feedCalls = 0;
    mockApi({
      'GET /api/livesession/5': { item: detail() },
      'GET /api/livesession/5/comments': () => {
        feedCalls++;
        return sent.length
          ? { count: 1, items: [comment({ from_name: 'Zoé', message: 'robe1 x2' })] }
          : { count: 0, items: [] };
      },
      'POST /api/livesession/5/simulate': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { received: 1, stored: 1, duplicates: 0, ordered: 1, waiting: 0, comment_id: 1 };
      },
    });
    renderConsole();
    expect(await screen.findByTestId('simulator-viewer-Camille')).toBeTruthy();
    expect(screen.getByTestId('simulator-viewer-Lucas')).toBeTruthy();
    expect(screen.getByTestId('simulator-viewer-Emma')).toBeTruthy();

    // add a viewer, remove another
    fireEvent.change(screen.getByTestId('simulator-new-viewer'), { target: { value: 'Zoé' } });
    fireEvent.click(screen.getByTestId('simulator-add-viewer'));
    fireEvent.click(await screen.findByTestId('simulator-remove-viewer-Lucas'));
    expect(screen.queryByTestId('simulator-viewer-Lucas')).toBeNull();
    expect(screen.getByTestId('simulator-viewer-Zoé').getAttribute('aria-pressed')).toBe('true');

    const input = screen.getByTestId('simulator-message') as HTMLInputElement;
    await waitFor(() => expect(feedCalls).toBeGreaterThan(0));
    const before = feedCalls;
    fireEvent.change(input, { target: { value: 'robe1 x2' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(sent).toEqual([{ from_name: 'Zoé', message: 'robe1 x2' }]));
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    await waitFor(() => expect(feedCalls).toBeGreaterThan(before));
    expect((await screen.findByTestId('comment-row')).textContent).toContain('Zoé');

    // another viewer, with the send button
    fireEvent.click(screen.getByTestId('simulator-viewer-Emma'));
    fireEvent.change(input, { target: { value: 'robe2' } });
    fireEvent.click(screen.getByTestId('simulator-send'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ from_name: 'Emma', message: 'robe2' });
  });

  it('disables the simulator with a hint when the session is not live, and offers to go live', async () => {
    const calls: string[] = [];
    mockApi({
      'GET /api/livesession/5': { item: detail({ status: 'scheduled', started_at: null }) },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
      'GET /api/livesession/start/5': (_init: RequestInit, url: URL) => {
        calls.push(url.pathname);
        return { item: detail() };
      },
    });
    renderConsole();
    expect((await screen.findByTestId('simulator-disabled')).textContent).toContain(
      'Passez en live pour simuler des commentaires.',
    );
    expect((screen.getByTestId('simulator-message') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('simulator-send') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('console-status').textContent).toBe('Programmé');
    fireEvent.click(screen.getByTestId('live-start-5'));
    await waitFor(() => expect(calls).toEqual(['/api/livesession/start/5']));
  });

  it('refetches the feed on a live event of this session', async () => {
    const sources: FakeEventSource[] = [];
    class FakeEventSource {
      listeners: ((e: { data: string }) => void)[] = [];
      constructor(readonly url: string) {
        sources.push(this);
      }
      addEventListener(_type: string, cb: (e: { data: string }) => void) {
        this.listeners.push(cb);
      }
      close() {}
      emit(event: object) {
        for (const l of this.listeners) l({ data: JSON.stringify(event) });
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    let feedCalls = 0;
    mockApi({
      // not live: no polling, so only events refetch
      'GET /api/livesession/5': { item: detail({ status: 'scheduled' }) },
      'GET /api/livesession/5/comments': () => {
        feedCalls++;
        return feedCalls > 1
          ? { count: 1, items: [comment({ outcome: 'ignored', reason: 'session_not_live', reply: null })] }
          : { count: 0, items: [] };
      },
    });
    renderConsole();
    await screen.findByTestId('comment-feed');
    await waitFor(() => expect(feedCalls).toBe(1));
    expect(sources.map((s) => s.url)).toEqual(['/api/events']);
    sources[0].emit({ type: 'comments', sellerId: 7, sessionId: 5 });
    const row = await screen.findByTestId('comment-row');
    expect(row.getAttribute('data-outcome')).toBe('ignored');
    expect(row.textContent).toContain("le live n'était pas en cours");
    expect(feedCalls).toBe(2);
  });

  it('stops the session only once the seller confirms, and says it stopped', async () => {
    let stopped = false;
    mockApi({
      'GET /api/livesession/5': () => ({ item: detail(stopped ? { status: 'closed' } : {}) }),
      'GET /api/livesession/5/comments': { count: 0, items: [] },
      'GET /api/livesession/stop/5': () => {
        stopped = true;
        return { success: true };
      },
    });
    renderConsole();
    fireEvent.click(await screen.findByTestId('live-stop-5'));
    expect(stopped).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(stopped).toBe(true));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(i18n.t('live.sessionStopped'));
  });

  it('says when the session does not exist', async () => {
    mockApi({});
    renderConsole();
    expect(await screen.findByText("Cette session live n'existe pas")).toBeTruthy();
  });
});

describe('screens #8: a live that went live early or late says when it really started', {
  timeout: 60_000,
}, () => {
  const titleOf = async (patch: Partial<TLiveSessionDetail>) => {
    mockApi({
      'GET /api/livesession/5': { item: detail(patch) },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
    });
    const view = renderConsole();
    const title = (await screen.findByTestId('console-title')).textContent;
    const planned = screen.queryByTestId('console-planned')?.textContent ?? null;
    view.unmount();
    return { title, planned };
  };

  it('started 48 minutes early: the real start in the title, the plan beside it', async () => {
    // 18:42 UTC is 19:42 in Paris in December; planned at 20:30
    expect(await titleOf({ started_at: '2026-12-24T18:42:00Z' })).toEqual({
      title: 'Live du 24/12/2026 à 19:42',
      planned: 'prévu à 20:30',
    });
  });

  it('started the evening before: the real day and time, the planned day beside them', async () => {
    expect(await titleOf({ started_at: '2026-12-23T21:10:00Z' })).toEqual({
      title: 'Live du 23/12/2026 à 22:10',
      planned: 'prévu le 24/12/2026 à 20:30',
    });
  });

  it('started on time, or not started yet: the planned time alone', async () => {
    expect(await titleOf({})).toEqual({ title: 'Live du 24/12/2026 à 20:30', planned: null });
    expect(await titleOf({ status: 'scheduled', started_at: null })).toEqual({
      title: 'Live du 24/12/2026 à 20:30',
      planned: null,
    });
  });
});

describe("screens #8: the simulator's example names a keyword of the seller's own products", {
  timeout: 60_000,
}, () => {
  it('shows the example the server made from the catalogue, puts it in the box and sends it', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/livesession/5': { item: detail({ example_comment: 'sac7 rouge m' }) },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
      'POST /api/livesession/5/simulate': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { received: 1, stored: 1, duplicates: 0, ordered: 1, waiting: 0, comment_id: 1 };
      },
    });
    renderConsole();
    expect((await screen.findByTestId('simulator-example-text')).textContent).toBe('sac7 rouge m');
    // the capture tool's example posts the same comment, not a word of another catalogue
    const curl = screen.getByTestId('ingest-curl').textContent ?? '';
    expect(curl).toContain('"message":"sac7 rouge m"');
    expect(curl).not.toContain('robe1');
    fireEvent.click(screen.getByTestId('simulator-use-example'));
    expect((screen.getByTestId('simulator-message') as HTMLInputElement).value).toBe('sac7 rouge m');
    fireEvent.click(screen.getByTestId('simulator-send'));
    await waitFor(() => expect(sent).toEqual([{ from_name: 'Camille', message: 'sac7 rouge m' }]));
  });

  it('without a published product with a keyword, says so and leads to the inventory', async () => {
    mockApi({
      'GET /api/livesession/5': { item: detail({ example_comment: null }) },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
    });
    renderConsole();
    const notice = await screen.findByTestId('simulator-no-keyword');
    expect(notice.textContent).toContain("Aucun produit publié n'a de mot-clé");
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/inventory');
    expect(screen.queryByTestId('simulator-example')).toBeNull();
  });
});

describe('screens #9: on a phone the live console shows each comment whole', { timeout: 60_000 }, () => {
  onPhone();

  it('lists comments as cards with their result, order and private reply, not as cut-off columns', async () => {
    mockApi({
      'GET /api/livesession/5': { item: detail() },
      'GET /api/livesession/5/comments': {
        count: 2,
        items: [
          comment({
            id: 2,
            from_name: 'Lucas',
            message: 'robe1',
            outcome: 'ambiguous',
            reason: 'ambiguous:variant_required',
            order_number: null,
            reply: { text: 'Précisez la variante : Rouge S, Bleu M', status: 'pending' },
            created_time: '2026-12-24T19:32:00Z',
          }),
          comment({ id: 1 }),
        ],
      },
    });
    renderConsole();
    const feed = await screen.findByTestId('comment-feed');
    await waitFor(() => expect(within(feed).getAllByTestId('comment-row')).toHaveLength(2));
    expect(feed.querySelector('table')).toBeNull();
    const [lucas, camille] = within(feed).getAllByTestId('comment-row');
    expect(lucas.tagName).toBe('LI');
    expect(lucas.getAttribute('data-outcome')).toBe('ambiguous');
    expect(within(lucas).getByTestId('comment-viewer').textContent).toBe('Lucas');
    expect(within(lucas).getByTestId('comment-message').textContent).toBe('robe1');
    expect(lucas.textContent).toContain('20:32:00');
    expect(within(lucas).getByTestId('comment-outcome').textContent).toBe('Question posée');
    expect(within(lucas).getByTestId('comment-reply').getAttribute('data-reply-status')).toBe('pending');
    expect(within(lucas).getByTestId('comment-reply').textContent).toContain('Précisez la variante');
    expect(within(lucas).queryByTestId('comment-order')).toBeNull();
    expect(within(camille).getByTestId('comment-outcome').textContent).toBe('Commandé');
    expect(within(camille).getByTestId('comment-order').textContent).toBe('Commande LCABCDEFGHJK');
    expect(within(camille).getByTestId('comment-reply').textContent).toContain(
      'Merci Camille ! Votre panier : http://localhost/checkout/LCABCDEFGHJK',
    );
  });

  it('says there is no comment yet', async () => {
    mockApi({
      'GET /api/livesession/5': { item: detail() },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
    });
    renderConsole();
    const feed = await screen.findByTestId('comment-feed');
    await waitFor(() => expect(feed.textContent).toContain("Aucun commentaire pour l'instant"));
  });

  it("keeps the simulator's add-viewer button short, its full name for screen readers", async () => {
    mockApi({
      'GET /api/livesession/5': { item: detail() },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
    });
    renderConsole();
    const add = await screen.findByTestId('simulator-add-viewer');
    expect(add.textContent).toBe('Ajouter');
    expect(add.getAttribute('aria-label')).toBe('Ajouter un spectateur');
  });
});

describe("screens #1: the console says which language the shoppers' messages go out in", {
  timeout: 60_000,
}, () => {
  const settings = (shop_locale: 'fr' | 'en') => ({
    item: shopSettings({ shop_locale }),
  });

  it('a French shop: messages in French, with a way to change it', async () => {
    mockApi({
      'GET /api/livesession/5': { item: detail() },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
      'GET /api/fetch-settings': settings('fr'),
    });
    const { container } = renderConsole();
    const line = await screen.findByTestId('console-shop-locale');
    expect(line.textContent).toContain('Messages aux clients en français');
    const change = within(line).getByTestId('console-shop-locale-change');
    expect(change.textContent).toBe('Changer la langue de la boutique');
    fireEvent.click(change);
    await waitFor(() => expect(currentLocation(container)).toBe('/settings'));
  });

  it('an English shop read in French: the messages go out in English', async () => {
    mockApi({
      'GET /api/livesession/5': { item: detail() },
      'GET /api/livesession/5/comments': { count: 0, items: [] },
      'GET /api/fetch-settings': settings('en'),
    });
    renderConsole();
    expect((await screen.findByTestId('console-shop-locale')).textContent).toContain(
      'Messages aux clients en anglais',
    );
  });
});
