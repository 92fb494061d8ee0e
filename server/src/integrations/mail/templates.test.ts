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
