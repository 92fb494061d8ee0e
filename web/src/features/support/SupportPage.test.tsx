import type { TSupportDetail, TSupportMessage } from '@livecart/contract/support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import i18n from '../../app/i18n';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import SupportRoute from './SupportRoute';

const seller = makeUser({ role_id: 2 });
const LONG = 'Les commentaires de mon live de ce soir ne créent plus aucun panier depuis 20 h.';

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

function request(patch: Partial<TSupportMessage> = {}): TSupportMessage {
  return {
    id: 12,
    type: 'support',
    status: 'answered',
    subject: 'Paniers bloqués',
    message: LONG,
    locale: 'fr',
    author: {
      user_id: 7,
      first_name: 'Ana',
      last_name: 'Martin',
      email: 'ana@example.com',
      phone: null,
      company_name: 'Boutique Ana',
    },
    attachment: '/api/support/12/attachment',
    replies_count: 1,
    last_reply_at: '2026-03-02T10:00:00.000Z',
    created_at: '2026-03-02T08:30:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    closed_at: null,
    ...patch,
  };
}

const detail = (item = request()): TSupportDetail => ({
  item,
  replies: [
    {
      id: 3,
      body: 'Bonjour Ana,\nla durée du panier de ce live était de 0 minute.',
      author_name: null,
      created_at: '2026-03-02T10:00:00.000Z',
    },
  ],
});

const inputOf = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input,textarea')) as
    | HTMLInputElement
    | HTMLTextAreaElement;
};
const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });
const chooseScreenshot = (file: File) => {
  const input = screen
    .getByTestId('support-form-card')
    .querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

describe("the seller's Support page (SPEC §2 Support, §5 at least 50 characters)", {
  timeout: 60_000,
}, () => {
  it('counts the characters as they are typed and refuses a message under 50 before sending', async () => {
    let posts = 0;
    mockApi({
      'GET /api/support/fetch-items': { count: 0, items: [] },
      'POST /api/support': () => {
        posts++;
        return { success: true, item: request() };
      },
    });
    renderWithApp(<SupportRoute />, { route: '/support', user: seller });
    expect(await screen.findByTestId('support-requests-empty')).toBeTruthy();
    type('support-subject', 'Paniers');
    type('support-message-input', 'x'.repeat(49));
    const count = () => screen.getByTestId('support-count').textContent;
    await waitFor(() => expect(count()).toBe('49 / 50 caractères minimum'));
    fireEvent.click(screen.getByTestId('support-submit'));
    expect(
      await screen.findByText('Une demande de support doit contenir au moins 50 caractères'),
    ).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(posts).toBe(0);
    // spaces at the ends do not count
    type('support-message-input', `  ${'x'.repeat(48)}  `);
    await waitFor(() => expect(count()).toBe('48 / 50 caractères minimum'));
    // an emoji is one character, as the server counts it
    type('support-message-input', `${'😀'.repeat(25)}${'x'.repeat(24)}`);
    await waitFor(() => expect(count()).toBe('49 / 50 caractères minimum'));
    type('support-message-input', `${'😀'.repeat(25)}${'x'.repeat(25)}`);
    await waitFor(() => expect(count()).toBe('50 / 5000 caractères'));
    // pasted past the limit: cut at 5,000 characters, not at 5,000 UTF-16 units
    type('support-message-input', '😀'.repeat(5001));
    await waitFor(() => expect(count()).toBe('5000 / 5000 caractères'));
    type('support-message-input', 'x'.repeat(50));
    await waitFor(() => expect(count()).toBe('50 / 5000 caractères'));
    await waitFor(() =>
      expect(screen.queryByText('Une demande de support doit contenir au moins 50 caractères')).toBeNull(),
    );
  });

  it('sends the subject, the message and the screenshot as a form, shows the preview, then empties the form', async () => {
    const sent: FormData[] = [];
    let listed: TSupportMessage[] = [];
    mockApi({
      'GET /api/support/fetch-items': () => ({ count: listed.length, items: listed }),
      'POST /api/support': (init: RequestInit) => {
        sent.push(init.body as FormData);
        listed = [request({ status: 'open', replies_count: 0 })];
        return { success: true, item: listed[0] };
      },
    });
    renderWithApp(<SupportRoute />, { route: '/support', user: seller });
    await screen.findByTestId('support-requests-empty');
    type('support-subject', '  Paniers bloqués');
    type('support-message-input', `${LONG}\n`);
    chooseScreenshot(new File(['png'], 'écran.png', { type: 'image/png' }));
    const preview = (await screen.findByTestId('support-screenshot-preview')) as HTMLImageElement;
    expect(preview.src).toBe('blob:preview');
    fireEvent.click(screen.getByTestId('support-submit'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      "Votre demande a été envoyée à l'équipe",
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].get('subject')).toBe('Paniers bloqués');
    expect(sent[0].get('message')).toBe(LONG);
    expect((sent[0].get('screenshot') as File).name).toBe('écran.png');
    // the form is empty again, and the request is listed as open
    await waitFor(() => expect(inputOf('support-subject').value).toBe(''));
    expect(screen.queryByTestId('support-screenshot-preview')).toBeNull();
    expect((await screen.findByTestId('support-status-12')).textContent).toBe('Ouverte');
  });

  it('sends JSON without a screenshot; refuses a file that is no image before sending', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/support/fetch-items': { count: 0, items: [] },
      'POST /api/support': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { success: true, item: request() };
      },
    });
    renderWithApp(<SupportRoute />, { route: '/support', user: seller });
    await screen.findByTestId('support-requests-empty');
    chooseScreenshot(new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain(
      'Une capture d’écran doit être une image .jpg, .png ou .webp',
    );
    expect(screen.queryByTestId('support-screenshot-preview')).toBeNull();
    type('support-subject', 'Paniers');
    type('support-message-input', LONG);
    fireEvent.click(screen.getByTestId('support-submit'));
    await waitFor(() => expect(sent).toEqual([{ subject: 'Paniers', message: LONG }]));
  });

  it('refuses an empty file before sending: it would be no screenshot at all', async () => {
    mockApi({ 'GET /api/support/fetch-items': { count: 0, items: [] } });
    renderWithApp(<SupportRoute />, { route: '/support', user: seller });
    await screen.findByTestId('support-requests-empty');
    chooseScreenshot(new File([], 'capture.png', { type: 'image/png' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain(
      'Une capture d’écran doit être une image .jpg, .png ou .webp',
    );
    expect(screen.queryByTestId('support-screenshot-preview')).toBeNull();
  });

  it("shows the server's refusal under its field", async () => {
    mockApi({
      'GET /api/support/fetch-items': { count: 0, items: [] },
      'POST /api/support': () =>
        new Response(
          JSON.stringify({
            error: 'support_attachment_type',
            message: 'x',
            fields: { screenshot: 'screenshot_type' },
          }),
          { status: 400 },
        ),
    });
    renderWithApp(<SupportRoute />, { route: '/support', user: seller });
    await screen.findByTestId('support-requests-empty');
    type('support-subject', 'Paniers');
    type('support-message-input', LONG);
    chooseScreenshot(new File(['x'], 'faux.png', { type: 'image/png' }));
    await screen.findByTestId('support-screenshot-preview');
    fireEvent.click(screen.getByTestId('support-submit'));
    expect((await screen.findByTestId('toast-error')).textContent).toContain(
      'Une capture d’écran doit être une image .jpg, .png ou .webp',
    );
    expect(await screen.findByText('Images .jpg, .png ou .webp uniquement')).toBeTruthy();
    // another file clears it
    fireEvent.click(screen.getByTestId('support-screenshot-remove'));
    await waitFor(() => expect(screen.queryByText('Images .jpg, .png ou .webp uniquement')).toBeNull());
  });

  it('lists their requests with where each stands; one opens with its screenshot and the team’s answer', async () => {
    mockApi({
      'GET /api/support/fetch-items': {
        count: 2,
        items: [
          request(),
          request({ id: 13, subject: 'Facture', status: 'closed', attachment: null, replies_count: 0 }),
        ],
      },
      'GET /api/support/fetch-item/12': detail(),
    });
    renderWithApp(<SupportRoute />, { route: '/support', user: seller });
    expect((await screen.findByTestId('support-status-12')).textContent).toBe('Répondue');
    expect(screen.getByTestId('support-status-13').textContent).toBe('Fermée');
    expect(screen.queryByTestId('support-thread-12')).toBeNull();
    fireEvent.click(screen.getByText('Paniers bloqués'));
    const thread = await screen.findByTestId('support-thread-12');
    expect(within(thread).getByTestId('support-message').textContent).toBe(LONG);
    expect((within(thread).getByTestId('support-attachment') as HTMLImageElement).getAttribute('src')).toBe(
      '/api/support/12/attachment',
    );
    const reply = within(thread).getByTestId('support-reply-3');
    expect(reply.textContent).toContain('Équipe LiveCart');
    expect(reply.textContent).toContain('la durée du panier de ce live était de 0 minute.');
  });

  it('opens the request a notification links to (?id=), in English under /en', async () => {
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('fr');
    });
    mockApi({
      'GET /api/support/fetch-items': { count: 1, items: [request()] },
      'GET /api/support/fetch-item/12': detail(),
    });
    renderWithApp(<SupportRoute />, { route: '/en/support?id=12', user: seller });
    const thread = await screen.findByTestId('support-thread-12');
    expect(within(thread).getByText("The team's answers")).toBeTruthy();
    expect(screen.getByTestId('support-status-12').textContent).toBe('Answered');
  });

  it('opens the request a notification links to even when it is not on the first page of the list', async () => {
    const old = request({ id: 3, subject: 'Ancienne question' });
    mockApi({
      'GET /api/support/fetch-items': { count: 11, items: [request()] },
      'GET /api/support/fetch-item/3': detail(old),
    });
    renderWithApp(<SupportRoute />, { route: '/support?id=3', user: seller });
    const thread = await screen.findByTestId('support-thread-3');
    expect(within(thread).getByTestId('support-reply-3').textContent).toContain('Équipe LiveCart');
    expect(screen.getByText('Ancienne question')).toBeTruthy();
  });

  it('a refusal for too many requests is said in words', async () => {
    mockApi({
      'GET /api/support/fetch-items': { count: 0, items: [] },
      'POST /api/support': () => errorResponse(429, 'rate_limited'),
    });
    renderWithApp(<SupportRoute />, { route: '/support', user: seller });
    await screen.findByTestId('support-requests-empty');
    type('support-subject', 'Paniers');
    type('support-message-input', LONG);
    fireEvent.click(screen.getByTestId('support-submit'));
    expect((await screen.findByTestId('toast-error')).textContent).toContain(
      'Trop de tentatives, veuillez réessayer dans quelques minutes',
    );
  });
});
