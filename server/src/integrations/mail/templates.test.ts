import { describe, expect, it } from 'vitest';
import { renderMail } from './templates.ts';

const HOSTILE = `<img src=x onerror="alert(1)"><script>alert('x')</script><a href="https://evil.example">`;

describe('support e-mails', () => {
  it('write every value as text: nothing a person typed becomes markup', () => {
    const mails = [
      renderMail('support_reply', 'fr', {
        first_name: HOSTILE,
        subject: HOSTILE,
        answer: HOSTILE,
        request: HOSTILE,
        url: 'https://app.test/support?id=1',
      }),
      renderMail('support_new', 'fr', {
        type: 'contact',
        from: HOSTILE,
        subject: HOSTILE,
        message: HOSTILE,
        url: 'https://app.test/support?id=1',
      }),
      renderMail('contact_request', 'en', { first_name: HOSTILE }),
      renderMail('demo_request', 'en', { first_name: HOSTILE }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<(img|script)|<a href="https:\/\/evil/);
      expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    }
  });
});

describe('a payment refunded on its own', () => {
  it('says how much, why, and whether the cart is still to pay, in either language', () => {
    const data = {
      first_name: 'Camille',
      merchant: 'Boutique Sophie',
      order_number: 'LC7KQ2M9XW',
      amount_cents: 4480,
      reason: 'paid_twice' as const,
      cart_open: false,
      order_url: 'https://app.test/checkout/LC7KQ2M9XW?t=x',
    };
    const en = renderMail('payment_refunded', 'en', data);
    expect(en.subject).toBe('Your payment of €44.80 is refunded – Boutique Sophie');
    expect(en.text).toContain('Boutique Sophie is refunding your payment of €44.80 for order LC7KQ2M9XW.');
    expect(en.text).toContain('The order was already paid by another payment.');
    expect(en.text).not.toContain('still open');
    const fr = renderMail('payment_refunded', 'fr', {
      ...data,
      reason: 'expired_out_of_stock',
      cart_open: true,
    });
    expect(fr.text).toContain('Il est arrivé après l’expiration du panier');
    expect(fr.text).toContain('Votre panier reste ouvert');
    expect(fr.html).toContain('https://app.test/checkout/LC7KQ2M9XW?t=x');
  });
});
