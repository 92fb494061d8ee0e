import type { TSandboxPayment } from '@livecart/contract/checkout';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '../../app/format';
import i18n from '../../app/i18n';
import { mockApi, sentJson } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { leaveTo } from '../checkout/leave';
import SandboxPayPage from './SandboxPayPage';

vi.mock('../checkout/leave', () => ({ leaveTo: vi.fn() }));

beforeEach(() => vi.mocked(leaveTo).mockClear());
afterEach(() => vi.unstubAllGlobals());

const payment = (patch: Partial<TSandboxPayment> = {}): TSandboxPayment => ({
  id: 77,
  amount: 64.9,
  currency: 'EUR',
  merchant: 'Boutique Léa',
  order_number: 'LC7KQ2M9XW4P',
  method: 'card',
  status: 'open',
  returnUrl: '/checkout/LC7KQ2M9XW4P?t=tok&hash=h&type=sandbox',
  ...patch,
});

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/sandbox/pay/:paymentId" element={<SandboxPayPage />} />
    </Routes>,
    { route: '/sandbox/pay/77?k=secret77', user: null },
  );

describe('Sandbox payment page', () => {
  it('shows that no real money moves, the merchant, the order and the amount', async () => {
    mockApi({ 'GET /api/sandbox/payments/77': payment() });
    renderPage();
    expect((await screen.findByTestId('sandbox-merchant')).textContent).toBe('Boutique Léa');
    expect(screen.getByTestId('sandbox-order').textContent).toBe('LC7KQ2M9XW4P');
    expect(screen.getByTestId('sandbox-amount').textContent).toBe(formatEuros(64.9));
    expect(screen.getByText(i18n.t('sandboxPay.title'))).toBeTruthy();
  });

  for (const [testId, outcome] of [
    ['sandbox-pay', 'paid'],
    ['sandbox-fail', 'failed'],
    ['sandbox-cancel', 'canceled'],
  ] as const) {
    it(`${testId} posts outcome ${outcome} and returns to the checkout`, async () => {
      const back = `/checkout/LC7KQ2M9XW4P?t=tok&hash=h-${outcome}&type=sandbox`;
      const fetchMock = mockApi({
        'GET /api/sandbox/payments/77': payment(),
        'POST /api/sandbox/payments/77': { redirectUrl: back, status: outcome },
      });
      renderPage();
      fireEvent.click(await screen.findByTestId(testId));
      await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(back));
      const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
      expect(posts).toHaveLength(1);
      // the page's secret goes with every call, as the redirect URL gave it
      expect(String(posts[0][0])).toBe('/api/sandbox/payments/77?k=secret77');
      expect(String(fetchMock.mock.calls[0][0])).toBe('/api/sandbox/payments/77?k=secret77');
      expect(sentJson(posts[0][1] as RequestInit)).toEqual({ outcome });
    });
  }

  it('offers only the way back once the payment is settled', async () => {
    mockApi({ 'GET /api/sandbox/payments/77': payment({ status: 'paid' }) });
    renderPage();
    expect((await screen.findByTestId('sandbox-back')).getAttribute('href')).toBe(payment().returnUrl);
    expect(screen.queryByTestId('sandbox-pay')).toBeNull();
  });

  it('answers an unknown payment with the not-found message', async () => {
    mockApi({});
    renderPage();
    expect((await screen.findByTestId('sandbox-not-found')).textContent).toContain(
      i18n.t('errors.not_found'),
    );
  });
});
