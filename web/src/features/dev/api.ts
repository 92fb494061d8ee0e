import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** A mail kept by the embedded outbox (no SMTP configured). */
export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; size: number }[];
  created_at: string;
}

export const devKeys = { mailbox: ['dev', 'mailbox'] as const };

/** The mails, newest first. Answers 404 when SMTP is configured (the page says so). */
export function useMailbox() {
  return useQuery({
    queryKey: devKeys.mailbox,
    queryFn: ({ signal }) => api.get<{ items: TMail[] }>('/dev/mailbox', undefined, { signal }),
    select: (r) => [...r.items].sort((a, b) => b.created_at.localeCompare(a.created_at)),
    retry: false,
    meta: { silent: true },
  });
}
