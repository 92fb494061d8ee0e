import { LOCALES, type TLocale } from '@livecart/contract/constants';
import { SITE_PAGE_IDS, sitePath, type TSitePageId } from '@livecart/contract/site';
import { type APIRequestContext, expect } from '@playwright/test';

/** One public page in one language, as a visitor opens it. */
export interface PublicPage {
  id: TSitePageId;
  locale: TLocale;
  path: string;
}

/** Every public page of SPEC §2 in French and in English (24 addresses). */
export const PUBLIC_PAGES: PublicPage[] = SITE_PAGE_IDS.flatMap((id) =>
  LOCALES.map((locale) => ({ id, locale, path: sitePath(id, locale) })),
);

/** A form's fields as the contact call takes them, with a fresh e-mail address. */
export const contactBody = (address: string) => ({
  first_name: 'Léa',
  last_name: 'Garnier',
  email: address,
  company_name: 'Boutique Léa',
  subject: 'Vos tarifs pour 3 lives par semaine',
  message: 'Bonjour, je vends des bijoux en live sur Instagram et je voudrais en savoir plus.',
});

/** A demo request's fields, with a fresh e-mail address. */
export const demoBody = (address: string) => ({
  first_name: 'Hugo',
  last_name: 'Lambert',
  email: address,
  company_name: 'Maison Lambert',
  message: 'Trois lives par semaine sur Facebook, une centaine de références.',
});

/** A fresh address nobody wrote from yet (the acknowledgement goes once a day per mailbox). */
export const freshAddress = (what: string) =>
  `${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@demo.test`;

/** The requests of one type in the admin's support inbox (`request` carries the admin's session). */
export async function inbox(request: APIRequestContext, type: 'contact' | 'demo') {
  const res = await request.get(
    `/api/support/fetch-items?limit=100&queryFilter=${encodeURIComponent(JSON.stringify({ type }))}`,
  );
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    count: number;
    items: { type: string; subject: string; message: string; author: { email: string | null } }[];
  };
}

/** The mails kept for `address` by the embedded mode's mailbox, newest first. */
export async function mailsTo(request: APIRequestContext, address: string) {
  const res = await request.get('/api/dev/mailbox');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { to: string; subject: string; text: string }[] };
  return items.filter((m) => m.to === address);
}

/**
 * Whether robots.txt lets a crawler read `path`, as Google reads it: the longest matching rule wins,
 * an Allow wins a tie; `*` matches anything and a final `$` the end of the address.
 */
export function robotsAllows(robots: string, path: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(allow|disallow):\s*(\S*)/i.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ allow: m[1].toLowerCase() === 'allow', pattern: m[2] }))
    .filter((r) => r.pattern !== '');
  const matches = (pattern: string) => {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
  };
  let best: { allow: boolean; length: number } | null = null;
  for (const r of rules) {
    if (!matches(r.pattern)) continue;
    if (!best || r.pattern.length > best.length || (r.pattern.length === best.length && r.allow))
      best = { allow: r.allow, length: r.pattern.length };
  }
  return best?.allow ?? true;
}
