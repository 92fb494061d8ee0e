import type { SiteData } from '@livecart/contract/site';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteProvider, siteOf } from '../SiteContext';
import GuidesPage from './GuidesPage';

const data = (patch: Partial<SiteData> = {}): SiteData => ({
  page: 'guides',
  locale: 'fr',
  origin: 'https://livecart.example',
  plans: [],
  schedulingUrl: null,
  query: '',
  cookieChoice: true,
  signedIn: false,
  ...patch,
});

const page = (d: SiteData) => (
  <SiteProvider value={siteOf(d)}>
    <GuidesPage />
  </SiteProvider>
);

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the knowledge centre (/guides)', () => {
  it('answers ?q= in the HTML, without JavaScript: links to the sections, best first', () => {
    const html = renderToString(page(data({ query: 'Panier' })));
    expect(html).toContain('role="search"');
    expect(html).toContain('method="get"');
    expect(html).toContain('action="/guides"');
    expect(html).toContain('data-testid="guides-result"');
    expect(html).toContain('href="/guides/liveselling#timer"');
    expect(html.indexOf('#timer')).toBeLessThan(html.indexOf('#after'));
    expect(html).not.toContain('guides-empty');
  });

  it('says when nothing matches, and where to ask', () => {
    render(page(data({ query: 'zzzz', locale: 'en' })));
    const empty = screen.getByTestId('guides-empty');
    expect(empty.textContent).toContain('zzzz');
    expect(empty.querySelector('a[href="/en/contact"]')).not.toBeNull();
    expect(screen.queryAllByTestId('guides-result')).toHaveLength(0);
  });

  it('filters as the visitor types, keeping the query in the address', () => {
    window.history.replaceState(null, '', '/en/guides');
    render(page(data({ locale: 'en' })));
    expect(screen.queryAllByTestId('guides-result')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('guides-search'), { target: { value: 'LIST waiting' } });
    const first = screen.getAllByTestId('guides-result')[0];
    expect(first.getAttribute('href')).toBe('/en/guides/liveselling#waiting-list');
    expect(first.querySelector('mark')?.textContent).toBe('waiting');
    expect(window.location.search).toBe('?q=LIST+waiting');
    fireEvent.change(screen.getByTestId('guides-search'), { target: { value: '' } });
    expect(window.location.search).toBe('');
  });

  it('lists every guide with its sections, and the FAQ and contact pages', () => {
    render(page(data()));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const href of ['/guides/liveselling#comments', '/guides/rules-csv#columns', '/faq', '/contact']) {
      expect(document.querySelector(`a[href="${href}"]`), href).not.toBeNull();
    }
  });
});
