import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import MailboxPage from './MailboxPage';

afterEach(() => vi.unstubAllGlobals());

const mail = (subject: string, created_at: string) => ({
  to: 'ana@example.com',
  subject,
  text: `${subject} text`,
  html: `<p>${subject}</p>`,
  attachments: [],
  created_at,
});

describe('dev mailbox', () => {
  it('lists mails newest first and shows one in a sandboxed frame', async () => {
    mockApi({
      'GET /api/dev/mailbox': {
        items: [mail('Older', '2025-01-01T10:00:00Z'), mail('Newer', '2025-01-02T10:00:00Z')],
      },
    });
    renderWithApp(<MailboxPage />, { user: null });
    const first = await screen.findByTestId('mail-0');
    expect(first.textContent).toContain('Newer');
    fireEvent.click(first);
    const frame = (await screen.findByTestId('mail-html')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Newer</p>');
  });

  it('says the mailbox is off when the server has SMTP', async () => {
    mockApi({ 'GET /api/dev/mailbox': () => errorResponse(404, 'not_found') });
    renderWithApp(<MailboxPage />, { user: null });
    expect((await screen.findByTestId('mailbox-off')).textContent).toContain('La boîte mail est désactivée');
  });
});
