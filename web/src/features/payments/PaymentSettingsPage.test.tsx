import type { TPaymentMethod, TPaymentSettings } from '@livecart/contract/payments';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import PaymentSettingsPage from './PaymentSettingsPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser();

function method(patch: Partial<TPaymentMethod>): TPaymentMethod {
  return {
    id: 1,
    provider: 'sandbox',
    method: 'card',
    status: true,
    account_label: null,
    credentials: null,
    credentials_state: 'sandbox',
    can_activate: true,
    updated_at: '2026-03-01T10:00:00Z',
    ...patch,
  };
}

const METHODS = [
  method({ id: 1, method: 'card', status: true }),
  method({ id: 2, method: 'paypal', status: true }),
  method({ id: 3, method: 'bancontact', status: false }),
  method({
    id: 4,
    provider: 'mollie',
    method: 'ideal',
    status: false,
    credentials_state: 'missing',
    can_activate: false,
  }),
];

function settings(patch: Partial<TPaymentSettings> = {}): TPaymentSettings {
  return {
    sandbox: { enabled: true, available: true },
    mollie: { connected: false, credentials: null, account_label: null },
    stripe: { available: true, connected: false, credentials: null, account_label: null },
    methods: METHODS,
    ...patch,
  };
}

const routes = (extra: Record<string, unknown> = {}) => ({
  'GET /api/payments/fetch-methods': { items: METHODS },
  'GET /api/payments/settings': settings(),
  ...extra,
});

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([u]) => String(u).startsWith(path));

describe('Payment Settings', () => {
  it('switches methods per provider and saves them all at once', { timeout: 30_000 }, async () => {
    const fetchMock = mockApi(
      routes({
        'PATCH /api/payments/change-methods-statuses': { message: 'Payment methods saved', methods: METHODS },
      }),
    );
    renderWithApp(<PaymentSettingsPage />, { route: '/payment-setting', user: seller });
    const card = await screen.findByTestId('payment-method-switch-sandbox-card');
    expect(card.getAttribute('aria-checked')).toBe('true');
    const bancontact = screen.getByTestId('payment-method-switch-sandbox-bancontact');
    expect(bancontact.getAttribute('aria-checked')).toBe('false');
    // a Mollie method cannot be turned on before Mollie is connected
    expect((screen.getByTestId('payment-method-switch-mollie-ideal') as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByTestId('payment-provider-sandbox').textContent).toContain('sans argent réel');

    fireEvent.click(bancontact);
    fireEvent.click(card);
    expect(screen.getByTestId('payment-methods-unsaved').textContent).toContain('2');
    // nothing is sent before Save
    expect(calls(fetchMock, '/api/payments/change-methods-statuses')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('payment-methods-save'));
    await waitFor(() => expect(calls(fetchMock, '/api/payments/change-methods-statuses')).toHaveLength(1));
    const [, init] = calls(fetchMock, '/api/payments/change-methods-statuses')[0];
    expect((init as RequestInit).method).toBe('PATCH');
    expect(sentJson(init as RequestInit)).toEqual({
      items: [
        { id: 1, status: false },
        { id: 2, status: true },
        { id: 3, status: true },
        { id: 4, status: false },
      ],
    });
    expect(await screen.findByText('Moyens de paiement enregistrés')).toBeTruthy();
  });

  it('checks a Mollie key when saved and shows the provider’s refusal', { timeout: 30_000 }, async () => {
    const fetchMock = mockApi(
      routes({
        'POST /api/payments/settings/mollie': () =>
          new Response(
            JSON.stringify({
              error: 'payment_credentials_invalid',
              message: 'The payment provider refused these credentials: Invalid API key',
              params: { reason: 'Invalid API key' },
            }),
            { status: 422 },
          ),
      }),
    );
    renderWithApp(<PaymentSettingsPage />, { route: '/payment-setting', user: seller });
    const input = await screen.findByTestId('mollie-key-input');
    expect((screen.getByTestId('mollie-key-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' test_wrongwrongwrongwrongwrong ' } });
    fireEvent.click(screen.getByTestId('mollie-key-save'));
    const error = await screen.findByTestId('mollie-key-error');
    expect(error.textContent).toContain('Invalid API key');
    const [, init] = calls(fetchMock, '/api/payments/settings/mollie')[0];
    expect(sentJson(init as RequestInit)).toEqual({ apiKey: 'test_wrongwrongwrongwrongwrong' });
  });

  it('shows a saved Mollie key masked, never in full', async () => {
    mockApi(
      routes({
        'GET /api/payments/settings': settings({
          mollie: { connected: true, credentials: 'test_••••••••AbCd', account_label: 'Boutique Sophie' },
        }),
      }),
    );
    renderWithApp(<PaymentSettingsPage />, { route: '/payment-setting', user: seller });
    const saved = await screen.findByTestId('mollie-key-saved');
    expect(saved.textContent).toContain('test_••••••••AbCd');
    expect((screen.getByTestId('mollie-key-input') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('mollie-disconnect')).toBeTruthy();
  });

  it('sends the seller to Stripe to connect their account', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi(
      routes({
        'GET /api/payments/settings/stripe/connect': {
          url: 'https://connect.stripe.com/oauth/authorize?client_id=ca_1&state=abc',
        },
      }),
    );
    renderWithApp(<PaymentSettingsPage />, { route: '/payment-setting', user: seller });
    fireEvent.click(await screen.findByTestId('stripe-connect'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://connect.stripe.com/oauth/authorize?client_id=ca_1&state=abc',
      ),
    );
  });

  it('shows the connected Stripe account and disconnects it', async () => {
    const fetchMock = mockApi(
      routes({
        'GET /api/payments/settings': settings({
          stripe: {
            available: true,
            connected: true,
            credentials: 'acct_••••••••1234',
            account_label: 'Sophie SAS',
          },
        }),
        'DELETE /api/payments/settings/stripe': { ...settings(), message: 'Payment methods saved' },
      }),
    );
    renderWithApp(<PaymentSettingsPage />, { route: '/payment-setting', user: seller });
    expect((await screen.findByTestId('stripe-account')).textContent).toContain('Sophie SAS');
    expect(screen.queryByTestId('stripe-connect')).toBeNull();
    fireEvent.click(screen.getByTestId('stripe-disconnect'));
    await waitFor(() => expect(calls(fetchMock, '/api/payments/settings/stripe')).toHaveLength(1));
  });

  it('tells the outcome of the Stripe redirect and cleans the address', async () => {
    mockApi(routes());
    const { container } = renderWithApp(<PaymentSettingsPage />, {
      route: '/payment-setting?stripe=error&error=payment_credentials_invalid',
      user: seller,
    });
    expect(await screen.findByText(/^Le prestataire de paiement a refusé ces identifiants/)).toBeTruthy();
    await waitFor(() => expect(currentLocation(container)).toBe('/payment-setting'));
  });

  it('shows no sandbox where the server has none (production)', async () => {
    mockApi(
      routes({
        'GET /api/payments/fetch-methods': { items: [] },
        'GET /api/payments/settings': settings({
          sandbox: { enabled: false, available: false },
          methods: [],
        }),
      }),
    );
    renderWithApp(<PaymentSettingsPage />, { route: '/payment-setting', user: seller });
    expect(await screen.findByTestId('payment-settings-page')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('payment-provider-sandbox')).toBeNull());
    expect(screen.queryByTestId('sandbox-enable')).toBeNull();
  });

  it('turns the sandbox on for a seller who has no payment method yet', async () => {
    const fetchMock = mockApi(
      routes({
        'GET /api/payments/fetch-methods': { items: [] },
        'GET /api/payments/settings': settings({ sandbox: { enabled: false, available: true }, methods: [] }),
        'POST /api/payments/settings/sandbox': { ...settings(), message: 'Payment methods saved' },
      }),
    );
    renderWithApp(<PaymentSettingsPage />, { route: '/payment-setting', user: seller });
    fireEvent.click(await screen.findByTestId('sandbox-enable'));
    await waitFor(() => expect(calls(fetchMock, '/api/payments/settings/sandbox')).toHaveLength(1));
    expect(await screen.findByText('Moyens de paiement enregistrés')).toBeTruthy();
  });

  it('hides the Connect button when the server has no Stripe configuration', async () => {
    mockApi(
      routes({
        'GET /api/payments/settings': settings({
          stripe: { available: false, connected: false, credentials: null, account_label: null },
        }),
      }),
    );
    renderWithApp(<PaymentSettingsPage />, { route: '/payment-setting', user: seller });
    expect(await screen.findByTestId('stripe-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('stripe-connect')).toBeNull();
  });

  it('keeps a failed save’s switches and shows the error', async () => {
    mockApi(
      routes({
        'PATCH /api/payments/change-methods-statuses': () =>
          errorResponse(
            400,
            'payment_credentials_missing',
            'Connect this payment provider in Payment Settings before turning its methods on',
          ),
      }),
    );
    renderWithApp(<PaymentSettingsPage />, { route: '/payment-setting', user: seller });
    fireEvent.click(await screen.findByTestId('payment-method-switch-sandbox-bancontact'));
    fireEvent.click(screen.getByTestId('payment-methods-save'));
    expect(await screen.findByTestId('toast-error')).toBeTruthy();
    expect(screen.getByTestId('payment-method-switch-sandbox-bancontact').getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});
