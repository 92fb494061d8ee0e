import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DataTable } from '../components/DataTable';
import type { ListState } from '../components/useListParams';
import SignInPage from '../features/auth/SignInPage';
import ChatbotPage from '../features/chatbot/ChatbotPage';
import { PaymentsFilters } from '../features/payments/PaymentsFilters';
import { PersonalInfoForm } from '../features/profile/PersonalInfoForm';
import { SellersFilters } from '../features/sellers/SellersFilters';
import { systemReplies } from '../test/chatbot';
import { mockApi } from '../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../test/render';
import i18n from './i18n';
import { LanguageSwitcher } from './layout/LanguageSwitcher';
import NotFoundScreen from './NotFoundScreen';

const none = () => {};

afterEach(() => vi.unstubAllGlobals());

describe('screens #10: a screen reader names every control as the screen shows it', () => {
  it('the language button is named after the code it shows, in the language it leads to', () => {
    renderWithApp(<LanguageSwitcher />, { route: '/dashboard' });
    const button = screen.getByRole('button', { name: 'EN – English version' });
    expect(button.textContent).toBe('EN');
    expect(button.getAttribute('lang')).toBe('en');
  });

  it('in English it shows FR and is named in French', async () => {
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('fr');
    });
    renderWithApp(<LanguageSwitcher />, { route: '/en/dashboard' });
    const button = screen.getByRole('button', { name: 'FR – Version française' });
    expect(button.textContent).toBe('FR');
    expect(button.getAttribute('lang')).toBe('fr');
  });

  it('every payments filter is named by its label, each end of a range too', () => {
    renderWithApp(
      <PaymentsFilters
        value={{}}
        data={{
          statuses: [],
          countries: [{ id: 1, name: 'France' }],
          shippings: [],
          payments: [],
          sellers: [],
          total_amount: { min: 0, max: 100 },
        }}
        isAdmin
        onApply={none}
        onReset={none}
      />,
    );
    const named = (name: string) => screen.getByLabelText(name, { selector: 'input' });
    expect(named('Commande').getAttribute('data-testid')).toBe('filter-order-number');
    for (const name of ['Statut', 'Pays', 'Mode de livraison', 'Moyen de paiement', 'Vendeur']) {
      expect(named(name).getAttribute('role')).toBe('combobox');
    }
    expect(named('Total : minimum').getAttribute('role')).toBe('spinbutton');
    expect(named('Total : maximum').getAttribute('role')).toBe('spinbutton');
    // the first day's box; the last is named by its placeholder
    expect(named('Date').getAttribute('placeholder')).toBeTruthy();
  });

  it('every sellers filter is named by its label', () => {
    renderWithApp(
      <SellersFilters
        value={{}}
        countries={[{ value: 1, label: 'France' }]}
        findSellers={async () => []}
        onApply={none}
        onReset={none}
      />,
    );
    const named = (name: string) => screen.getByLabelText(name, { selector: 'input' });
    expect(named('Vendeur').getAttribute('role')).toBe('combobox');
    expect(named('Pays').getAttribute('role')).toBe('combobox');
    expect(named('Commandes : minimum').getAttribute('role')).toBe('spinbutton');
    expect(named('Commandes : maximum').getAttribute('role')).toBe('spinbutton');
  });

  it('the e-mail shown in the profile, which cannot be changed there, is named E-mail and readable', () => {
    renderWithApp(
      <PersonalInfoForm user={makeUser()} isSeller submitting={false} onSubmit={async () => {}} />,
    );
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(email.value).toBe('ana@example.com');
    expect(email.readOnly).toBe(true);
    expect(email.disabled).toBe(false);
  });

  it('every field of the chatbot reply editor and its try-a-comment box is named by its label', {
    timeout: 30_000,
  }, async () => {
    mockApi({
      'GET /api/fetch-chatbot-messages': { count: 0, items: [] },
      'GET /api/fetch-active-sessions': { items: [] },
    });
    renderWithApp(<ChatbotPage />, { route: '/chatbot?reply=new', user: makeUser() });
    const drawer = await screen.findByRole('dialog');
    const named = (name: string) => within(drawer).getByLabelText(name, { selector: 'input, textarea' });
    expect(named('Nom du scénario').getAttribute('data-testid')).toBe('reply-name');
    expect(named('Mots déclencheurs').getAttribute('role')).toBe('combobox');
    expect(named('Produit').getAttribute('role')).toBe('combobox');
    expect(named('Remise (%)').getAttribute('role')).toBe('spinbutton');
    expect(named('Réponses par live').getAttribute('role')).toBe('spinbutton');
    expect(named('Texte en français').tagName).toBe('TEXTAREA');
    expect(named('Texte en anglais').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText("Commentaire d'un spectateur").getAttribute('data-testid')).toBe(
      'try-comment-input',
    );
  });

  it('the column of expand buttons has a header', () => {
    const list = {
      params: { limit: 10, offset: 0, sort: 'DESC', query: '' },
      filtered: false,
      setPage: none,
      setSort: none,
    } as unknown as ListState;
    renderWithApp(
      <DataTable<{ id: number; name: string }>
        list={list}
        data={{ count: 1, items: [{ id: 1, name: 'Robe' }] }}
        columns={[{ key: 'name', dataIndex: 'name', title: 'Nom' }]}
        rowKey="id"
        expandable={{ expandedRowRender: (r) => r.name }}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Détails' })).toBeTruthy();
  });
});

describe('screens #10: each page has one level-one heading', () => {
  it('the chatbot, whose system replies are headings of the level below', async () => {
    mockApi({ 'GET /api/fetch-chatbot-default-messages': systemReplies() });
    renderWithApp(<ChatbotPage />, { route: '/chatbot', user: makeUser({ role_id: 3 }) });
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(8);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Chatbot']);
  });

  it('the sign-in page', () => {
    renderWithApp(<SignInPage />, { route: '/signin', user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
  });

  it('the page-not-found, whose home link is one link, not a button inside a link', () => {
    const { container } = renderWithApp(<NotFoundScreen />, { route: '/nowhere' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oups, page introuvable');
    const home = screen.getByRole('link', { name: "Retour à l'accueil" });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.querySelector('button')).toBeNull();
    fireEvent.click(home);
    expect(currentLocation(container)).toBe('/');
  });
});
