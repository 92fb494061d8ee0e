import { describe, expect, it } from 'vitest';
import {
  checkoutPathOf,
  checkoutReturnTarget,
  PENDING_CHECKOUT_KEY,
  readPendingCheckout,
  rememberCheckout,
} from './pending';

const ORIGIN = window.location.origin;

describe('checkout paths followed after a sign-in', () => {
  it('accepts checkout pages of this site, in French and English, with their query', () => {
    expect(checkoutPathOf('/checkout/LC7KQ2?storeName=Shop&t=tok')).toBe(
      '/checkout/LC7KQ2?storeName=Shop&t=tok',
    );
    expect(checkoutPathOf('/en/checkout/LC7KQ2?t=tok')).toBe('/en/checkout/LC7KQ2?t=tok');
  });

  it('refuses other sites, other schemes and other pages', () => {
    for (const raw of [
      'https://evil.example/checkout/LC7KQ2',
      `${ORIGIN}/checkout/LC7KQ2`,
      '//evil.example/checkout/LC7KQ2',
      '/\\evil.example/checkout/LC7KQ2',
      '/\\/evil.example',
      'javascript:alert(1)//checkout/LC7KQ2',
      '/dashboard',
      '/checkout',
      '/checkout/../admin',
      '/checkout/LC1/../../signin',
      '/fr/checkout/LC1',
      '/checkoutX/LC1',
      '',
      null,
      undefined,
    ]) {
      expect(checkoutPathOf(raw), String(raw)).toBeNull();
    }
  });

  it('prefers the callbackUrl, put in the page’s language, then the stored checkout', () => {
    rememberCheckout('/checkout/STORED?t=s');
    expect(checkoutReturnTarget('/checkout/LC1?t=a', 'en')).toBe('/en/checkout/LC1?t=a');
    expect(checkoutReturnTarget('/checkout/LC1?t=a', 'fr')).toBe('/checkout/LC1?t=a');
    expect(checkoutReturnTarget('/en/checkout/LC1?t=a', 'fr')).toBe('/en/checkout/LC1?t=a');
    expect(checkoutReturnTarget('https://evil.example/checkout/LC1', 'fr')).toBe('/checkout/STORED?t=s');
    expect(checkoutReturnTarget('/dashboard', 'fr')).toBe('/checkout/STORED?t=s');
  });

  it('has no target without a checkout callback or a stored checkout', () => {
    expect(checkoutReturnTarget(null, 'fr')).toBeNull();
    expect(checkoutReturnTarget('https://evil.example/checkout/LC1', 'en')).toBeNull();
  });

  it('never stores nor follows a foreign or stale stored value', () => {
    rememberCheckout('https://evil.example/checkout/LC1');
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull();

    localStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify({ path: '//evil.example/x', at: Date.now() }));
    expect(readPendingCheckout()).toBeNull();
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull();

    localStorage.setItem(PENDING_CHECKOUT_KEY, 'not json');
    expect(readPendingCheckout()).toBeNull();

    const dayAgo = Date.now() - 25 * 60 * 60 * 1000;
    localStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify({ path: '/checkout/LC1', at: dayAgo }));
    expect(readPendingCheckout()).toBeNull();

    rememberCheckout('/en/checkout/LC1?t=a');
    expect(readPendingCheckout()).toBe('/en/checkout/LC1?t=a');
  });
});
