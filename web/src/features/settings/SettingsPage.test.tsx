import type { TShopSettings } from '@livecart/contract/settings';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import { shopSettings } from '../../test/settings';
import SettingsPage from './SettingsPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser();

const item = (patch: Partial<TShopSettings> = {}): TShopSettings => shopSettings(patch);

const radio = (value: string) =>
  screen.getByTestId('settings-shop-locale').querySelector(`input[value="${value}"]`) as HTMLInputElement;

describe("screens #1: the shop's language and default cart duration in Settings", { timeout: 60_000 }, () => {
  it('shows the saved settings and saves a new language and cart duration', async () => {
    const saved: unknown[] = [];
    mockApi({
      'GET /api/fetch-settings': { item: item() },
      'POST /api/update-settings': (init: RequestInit) => {
        saved.push(sentJson(init));
        return { success: true, item: item({ shop_locale: 'en', cart_duration: 45, updated_at: 'x' }) };
      },
    });
    renderWithApp(<SettingsPage />, { route: '/settings', user: seller });
    expect((await screen.findByTestId('settings-page')).textContent).toContain('Langue de la boutique');
    await waitFor(() => expect(radio('fr').checked).toBe(true));
    expect(screen.getByTestId('settings-page').textContent).toContain(
      'La langue de votre interface ne change rien pour vos clients',
    );
    const duration = screen.getByTestId('settings-cart-duration') as HTMLInputElement;
    expect(duration.value).toBe('30');

    fireEvent.click(radio('en'));
    fireEvent.change(duration, { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(saved).toEqual([{ shop_locale: 'en', cart_duration: 45 }]));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Réglages enregistrés');
    expect(radio('en').checked).toBe(true);
  });

  it('refuses a cart duration out of range before sending it, and shows what the server refuses', async () => {
    let posts = 0;
    mockApi({
      'GET /api/fetch-settings': { item: item({ shop_locale: 'en' }) },
      'POST /api/update-settings': () => {
        posts++;
        return errorResponse(403, 'plan_required');
      },
    });
    renderWithApp(<SettingsPage />, { route: '/settings', user: seller });
    await waitFor(() => expect(radio('en').checked).toBe(true));
    const duration = screen.getByTestId('settings-cart-duration') as HTMLInputElement;
    fireEvent.change(duration, { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(
      await screen.findByText('La durée du panier doit être comprise entre 0 minute et 24 heures'),
    ).toBeTruthy();
    expect(posts).toBe(0);

    fireEvent.change(duration, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(posts).toBe(1));
    expect((await screen.findByTestId('toast-error')).textContent).toContain(
      'Veuillez choisir un abonnement pour utiliser les outils vendeur',
    );
  });
});

/** Chooses a file in the upload of one legal document. */
function chooseLegalFile(type: string, file: File) {
  const input = screen
    .getByTestId(`legal-${type}-file`)
    .querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

const pdf = (name = 'cgv.pdf', size = 1000) => {
  const f = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('legal documents in Settings (SPEC §3 Settings item, §5)', { timeout: 60_000 }, () => {
  it('uploads a PDF, shows it with a link to open it and removes it', async () => {
    const uploads: { typedoc: string | null; name: string }[] = [];
    const removed: (string | null)[] = [];
    mockApi({
      'GET /api/fetch-settings': { item: item() },
      'POST /api/update-file-settings': (init: RequestInit, url: URL) => {
        uploads.push({
          typedoc: url.searchParams.get('typedoc'),
          name: ((init.body as FormData).get('file') as File).name,
        });
        return { success: true, item: item({ terms_doc: '/files/legal/7-terms.pdf', doctype: 'file' }) };
      },
      'GET /api/remove-settings-file': (_init: RequestInit, url: URL) => {
        removed.push(url.searchParams.get('type'));
        return { success: true, item: item() };
      },
    });
    renderWithApp(<SettingsPage />, { route: '/settings#legal', user: seller });
    const card = await screen.findByTestId('legal-card');
    expect(card.id).toBe('legal');
    expect(card.textContent).toContain('Documents légaux');
    chooseLegalFile('terms', pdf());
    await waitFor(() => expect(uploads).toEqual([{ typedoc: 'terms', name: 'cgv.pdf' }]));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Document enregistré');
    const open = await screen.findByTestId('legal-terms-open');
    expect(open.getAttribute('href')).toBe('/api/files/legal/7-terms.pdf');
    fireEvent.click(screen.getByTestId('legal-terms-remove'));
    await waitFor(() => expect(removed).toEqual(['terms']));
    await waitFor(() => expect(screen.queryByTestId('legal-terms-open')).toBeNull());
  });

  it('refuses a file that is not a PDF or is over 10 MB before sending it', async () => {
    let uploads = 0;
    mockApi({
      'GET /api/fetch-settings': { item: item() },
      'POST /api/update-file-settings': () => {
        uploads++;
        return { success: true, item: item() };
      },
    });
    renderWithApp(<SettingsPage />, { route: '/settings', user: seller });
    await screen.findByTestId('legal-card');
    chooseLegalFile('policy', new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText('Fichiers PDF uniquement')).toBeTruthy();
    chooseLegalFile('policy', pdf('big.pdf', 11 * 1024 * 1024));
    expect(await screen.findByText('Le fichier est trop volumineux')).toBeTruthy();
    expect(uploads).toBe(0);
  });

  it('saves the links together, refuses a wrong URL here and shows what the server refuses', async () => {
    const sent: unknown[] = [];
    let answer: 'fields' | 'empty' | 'ok' = 'fields';
    mockApi({
      'GET /api/fetch-settings': {
        item: item({ doctype: 'link', privacy_link: 'https://shop.example/privacy' }),
      },
      'POST /api/update-link-settings': (init: RequestInit) => {
        sent.push(sentJson(init));
        if (answer === 'fields')
          return new Response(
            JSON.stringify({ error: 'validation', message: 'x', fields: { terms_link: 'url' } }),
            { status: 400 },
          );
        if (answer === 'empty') return errorResponse(400, 'legal_settings_empty');
        return { success: true, item: item({ doctype: 'link', terms_link: 'https://shop.example/cgv' }) };
      },
    });
    renderWithApp(<SettingsPage />, { route: '/settings', user: seller });
    const privacy = (await screen.findByTestId('legal-policy-link')) as HTMLInputElement;
    expect(privacy.value).toBe('https://shop.example/privacy');
    const terms = screen.getByTestId('legal-terms-link') as HTMLInputElement;

    fireEvent.change(terms, { target: { value: 'ftp://shop.example/cgv' } });
    fireEvent.click(screen.getByTestId('legal-links-save'));
    expect(await screen.findByText("Format d'URL incorrect")).toBeTruthy();
    expect(sent).toEqual([]);

    // the server's field error shows under its input
    fireEvent.change(terms, { target: { value: 'https://shop.example/cgv' } });
    fireEvent.click(screen.getByTestId('legal-links-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      privacy_link: 'https://shop.example/privacy',
      terms_link: 'https://shop.example/cgv',
      delivery_link: null,
      return_link: null,
    });
    expect(await screen.findByText("Format d'URL incorrect")).toBeTruthy();

    answer = 'empty';
    fireEvent.change(privacy, { target: { value: '' } });
    fireEvent.change(terms, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('legal-links-save'));
    expect((await screen.findByTestId('legal-error')).textContent).toContain(
      'Au moins un document ou un lien est requis pour les documents légaux',
    );

    answer = 'ok';
    fireEvent.change(terms, { target: { value: 'https://shop.example/cgv' } });
    fireEvent.click(screen.getByTestId('legal-links-save'));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(await screen.findByText('Liens enregistrés')).toBeTruthy();
  });
});
