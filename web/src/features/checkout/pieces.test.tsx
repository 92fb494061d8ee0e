import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatEuros } from '../../app/format';
import i18n from '../../app/i18n';
import { shippingMethod } from '../../test/checkout';
import { renderWithApp } from '../../test/render';
import { LegalConsent } from './LegalConsent';
import { OrderTotals } from './OrderTotals';
import { PaymentChoice } from './PaymentChoice';
import { ShippingChoice } from './ShippingChoice';

const t = i18n.t;

const colissimo = shippingMethod();
const bpost = shippingMethod({
  id: 9,
  name: 'bpost',
  country_id: 2,
  base_price: 7,
  price: 0,
  free_reason: 'threshold',
});

const shipping = (patch: Partial<Parameters<typeof ShippingChoice>[0]> = {}) => (
  <ShippingChoice hasCountry pending={false} methods={[]} chosenId={null} onPick={vi.fn()} {...patch} />
);

describe('ShippingChoice', () => {
  it('asks for a country first, then says when no method ships there', () => {
    const { rerender } = renderWithApp(shipping({ hasCountry: false, methods: [colissimo] }));
    expect(screen.getByText(t('checkout.pickCountryFirst'))).toBeTruthy();
    expect(screen.queryByTestId('shipping-method-3')).toBeNull();
    rerender(shipping());
    expect(screen.getByTestId('no-shipping-methods').textContent).toBe(t('checkout.noShipping'));
  });

  it('shows a free method free with the price it would have cost and why; a pick names its method', () => {
    const onPick = vi.fn();
    renderWithApp(shipping({ methods: [colissimo, bpost], chosenId: 3, onPick }));
    const free = screen.getByTestId('shipping-method-9').closest('label') as HTMLElement;
    expect(free.querySelector('s')?.textContent).toBe(formatEuros(7));
    expect(free.textContent).toContain(t('checkout.free'));
    expect(free.textContent).toContain(t('checkout.freeReason.threshold'));
    expect(screen.getByTestId('shipping-method-3').closest('label')?.textContent).toContain(formatEuros(5.9));
    expect((screen.getByTestId('shipping-method-3') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('shipping-method-9'));
    expect(onPick).toHaveBeenCalledWith(9);
  });

  it('shows its error under the methods', () => {
    renderWithApp(shipping({ methods: [colissimo], error: 'Required' }));
    expect(screen.getByRole('alert').textContent).toBe('Required');
  });
});

describe('PaymentChoice', () => {
  it('says so when the seller offers no payment method', () => {
    renderWithApp(<PaymentChoice methods={[]} chosen={null} onPick={vi.fn()} />);
    expect(screen.getByText(t('checkout.noPaymentMethods'))).toBeTruthy();
  });

  it('names each method in the page’s language and tells which one is picked', () => {
    const onPick = vi.fn();
    renderWithApp(
      <PaymentChoice
        methods={[
          { code: 'sandbox:card', provider: 'sandbox', method: 'card' },
          { code: 'sandbox:paypal', provider: 'sandbox', method: 'paypal' },
        ]}
        chosen="sandbox:card"
        onPick={onPick}
      />,
    );
    const card = screen.getByTestId('payment-method-sandbox:card') as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect(card.closest('label')?.textContent).toBe(t('checkout.method.card'));
    fireEvent.click(screen.getByTestId('payment-method-sandbox:paypal'));
    expect(onPick).toHaveBeenCalledWith('sandbox:paypal');
  });
});

describe('OrderTotals', () => {
  it('shows the shipping still to choose, free, or its price, and a discount only when there is one', () => {
    const { rerender } = renderWithApp(<OrderTotals subtotal={59} discount={0} shipping={null} total={59} />);
    expect(screen.getByTestId('checkout-shipping').textContent).toBe(t('checkout.shippingToChoose'));
    expect(screen.queryByText(t('checkout.discount'))).toBeNull();
    rerender(<OrderTotals subtotal={59} discount={5} shipping={0} total={54} />);
    expect(screen.getByTestId('checkout-shipping').textContent).toBe(t('checkout.free'));
    expect(screen.getByText(t('checkout.discount')).nextElementSibling?.textContent).toBe(
      `−${formatEuros(5)}`,
    );
    rerender(<OrderTotals subtotal={59} discount={0} shipping={5.9} total={64.9} />);
    expect(screen.getByTestId('checkout-shipping').textContent).toBe(formatEuros(5.9));
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatEuros(64.9));
  });
});

describe('LegalConsent', () => {
  it('links each legal text in a new tab and reports the terms accepted', () => {
    const onChange = vi.fn();
    renderWithApp(
      <LegalConsent
        documents={[
          { type: 'terms', url: 'https://lea.example/cgv' },
          { type: 'privacy', url: 'https://lea.example/privacy' },
        ]}
        accepted={false}
        onChange={onChange}
        error="Accept the terms"
      />,
    );
    const terms = screen.getByTestId('legal-terms');
    expect(terms.getAttribute('href')).toBe('https://lea.example/cgv');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('legal-privacy').textContent).toBe(t('checkout.doc.privacy'));
    expect(screen.getByRole('alert').textContent).toBe('Accept the terms');
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
