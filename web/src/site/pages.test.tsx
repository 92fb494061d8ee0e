import type { TPaymentPlan } from '@livecart/contract/billing';
import type { TLocale } from '@livecart/contract/constants';
import { SITE_PAGE_IDS, type SiteData, type TSitePageId } from '@livecart/contract/site';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_PAGES } from './pages';
import AboutPage from './pages/AboutPage';
import CaseStudiesPage from './pages/CaseStudiesPage';
import ContactPage from './pages/ContactPage';
import FaqPage from './pages/FaqPage';
import HomePage from './pages/HomePage';
import PricingPage from './pages/PricingPage';
import PrivacyPage from './pages/PrivacyPage';
import TermsPage from './pages/TermsPage';
import { SiteApp } from './SiteApp';

const plan = (over: Partial<TPaymentPlan> & Pick<TPaymentPlan, 'id' | 'code' | 'name'>): TPaymentPlan => ({
  name_fr: over.name,
  name_en: over.name,
  price: null,
  yearly_price: null,
  percent: null,
  intervals: ['month'],
  interval: 'month',
  features: [],
  features_fr: [],
  features_en: [],
  sales_limit: null,
  on_request: false,
  active: true,
  ...over,
});

const PLANS: TPaymentPlan[] = [
  plan({
    id: 1,
    code: 'basic',
    name: 'Basic',
    price: 49,
    yearly_price: 490,
    percent: 5,
    intervals: ['month', 'year'],
    sales_limit: 5000,
    features: ['Lives Facebook et Instagram illimités'],
  }),
  plan({
    id: 2,
    code: 'business',
    name: 'Business',
    price: 149,
    yearly_price: 1490,
    percent: 3,
    sales_limit: 5000,
  }),
  plan({ id: 3, code: 'platinum', name: 'Platinum', on_request: true, sales_limit: 50000 }),
];

const dataOf = (page: TSitePageId, locale: TLocale, over: Partial<SiteData> = {}): SiteData => ({
  page,
  locale,
  origin: 'https://livecart.test',
  plans: PLANS,
  schedulingUrl: null,
  query: '',
  cookieChoice: true,
  signedIn: false,
  ...over,
});

/** The page as the server sends it, parsed; texts with their no-break spaces as plain spaces. */
function serverPage(Page: ComponentType, data: SiteData) {
  const doc = new DOMParser().parseFromString(
    renderToString(<SiteApp data={data} Page={Page} />),
    'text/html',
  );
  const textOf = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return { doc, text: textOf(doc.body), textOf };
}

const MY_PAGES: TSitePageId[] = [
  'home',
  'pricing',
  'faq',
  'caseStudies',
  'about',
  'contact',
  'requestDemo',
  'privacy',
  'terms',
];

describe('every marketing page', () => {
  for (const id of MY_PAGES)
    for (const locale of ['fr', 'en'] as const)
      it(`${id} (${locale}) has one h1, headings in order and a head within the limits`, async () => {
        const mod = await SITE_PAGES[id]();
        const { doc } = serverPage(mod.default, dataOf(id, locale));
        expect(doc.querySelectorAll('h1')).toHaveLength(1);
        const levels = [...doc.querySelectorAll('main h1, main h2, main h3, main h4')].map((h) =>
          Number(h.tagName[1]),
        );
        levels.forEach((level, i) => {
          if (i > 0) expect(level - levels[i - 1]).toBeLessThanOrEqual(1);
        });
        const meta = mod.meta(locale);
        const title = id === 'home' ? meta.title : `${meta.title} · LiveCart`;
        expect(title.length).toBeLessThanOrEqual(60);
        expect(meta.description.length).toBeGreaterThanOrEqual(120);
        expect(meta.description.length).toBeLessThanOrEqual(160);
        for (const a of doc.querySelectorAll('main a')) expect(a.textContent?.trim()).not.toBe('');
      });

  it('are all listed by the site', () => {
    for (const id of MY_PAGES) expect(SITE_PAGE_IDS).toContain(id);
  });
});

describe('home', () => {
  it('tells the loop in French with the plans of the data and the trial link', () => {
    const { doc, text, textOf } = serverPage(HomePage, dataOf('home', 'fr'));
    expect(textOf(doc.querySelector('h1'))).toBe('Du commentaire au paiement, pendant votre live');
    expect(doc.querySelectorAll('[data-testid="home-step"]')).toHaveLength(4);
    expect(textOf(doc.querySelector('[data-testid="home-plan-basic"]'))).toContain('49 € / mois');
    expect(textOf(doc.querySelector('[data-testid="home-plan-basic"]'))).toContain('+ 5 % des ventes');
    expect(textOf(doc.querySelector('[data-testid="home-plan-platinum"]'))).toContain('Sur demande');
    expect(doc.querySelector('[data-testid="home-signup"]')?.getAttribute('href')).toBe(
      '/signup?role=seller',
    );
    expect(text).toContain('30 jours');
  });

  it('is in English under /en', () => {
    const { doc, textOf } = serverPage(HomePage, dataOf('home', 'en'));
    expect(textOf(doc.querySelector('h1'))).toBe('From comment to payment, during your live');
    expect(textOf(doc.querySelector('[data-testid="home-plan-business"]'))).toContain('149 € / month');
    expect(doc.querySelector('[data-testid="home-signup"]')?.getAttribute('href')).toBe(
      '/en/signup?role=seller',
    );
  });

  it('follows the plans it is given', () => {
    const plans = [{ ...PLANS[0], name: 'Starter', price: 59, percent: 4.5 }];
    const { doc, textOf } = serverPage(HomePage, dataOf('home', 'fr', { plans }));
    const card = textOf(doc.querySelector('[data-testid="home-plan-basic"]'));
    expect(card).toContain('Starter');
    expect(card).toContain('59 € / mois');
    expect(card).toContain('+ 4,5 % des ventes');
    expect(doc.querySelector('[data-testid="home-plan-business"]')).toBeNull();
  });

  it('loads only its first screenshot eagerly, every one with its size', () => {
    const { doc } = serverPage(HomePage, dataOf('home', 'fr'));
    const images = [...doc.querySelectorAll('main img')];
    expect(images.length).toBeGreaterThanOrEqual(5);
    expect(images.filter((img) => img.getAttribute('loading') !== 'lazy')).toEqual([images[0]]);
    for (const img of images) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
      expect(img.getAttribute('alt')?.length).toBeGreaterThan(20);
    }
  });
});

describe('pricing', () => {
  it('shows each plan by the month and by the year, with its way in', () => {
    const { doc, textOf } = serverPage(PricingPage, dataOf('pricing', 'fr'));
    expect(textOf(doc.querySelector('[data-testid="plan-price-basic"]'))).toBe('49 € / mois HT');
    expect(textOf(doc.querySelector('[data-testid="plan-yearly-basic"]'))).toContain('490 € / an');
    expect(textOf(doc.querySelector('[data-testid="plan-yearly-basic"]'))).toContain('2 mois offerts');
    expect(textOf(doc.querySelector('[data-testid="plan-basic"]'))).toContain(
      'Pour des ventes mensuelles inférieures à 5 000 €',
    );
    expect(textOf(doc.querySelector('[data-testid="plan-business"]'))).toContain(
      'Pour des ventes mensuelles supérieures à 5 000 €',
    );
    expect(doc.querySelector('[data-testid="plan-start-basic"]')?.getAttribute('href')).toBe(
      '/signup?role=seller&plan=basic',
    );
    expect(doc.querySelector('[data-testid="plan-start-yearly-basic"]')?.getAttribute('href')).toBe(
      '/signup?role=seller&plan=basic&type=year',
    );
    expect(textOf(doc.querySelector('[data-testid="plan-price-platinum"]'))).toBe('Sur demande');
    expect(doc.querySelector('[data-testid="plan-start-platinum"]')).toBeNull();
    expect(doc.querySelector('[data-testid="plan-demo-platinum"]')?.getAttribute('href')).toBe(
      '/request-demo',
    );
    expect(textOf(doc.querySelector('[data-testid="pricing-trial"]'))).toBe(
      '30 jours d’essai gratuit, sans prélèvement avant la fin.',
    );
    expect(doc.querySelectorAll('details[data-testid="faq-item"]').length).toBeGreaterThanOrEqual(3);
  });

  it('in English, follows the plans it is given', () => {
    const plans = [{ ...PLANS[1], price: 199, yearly_price: null, features: ['Priority support'] }];
    const { doc, textOf } = serverPage(PricingPage, dataOf('pricing', 'en', { plans }));
    expect(textOf(doc.querySelector('h1'))).toBe('A simple plan, a percent of what you sell');
    expect(textOf(doc.querySelector('[data-testid="plan-price-business"]'))).toBe('199 € / month excl. VAT');
    expect(textOf(doc.querySelector('[data-testid="plan-yearly-business"]'))).toBe('Monthly only');
    expect(textOf(doc.querySelector('[data-testid="plan-business"]'))).toContain('Priority support');
    expect(doc.querySelector('[data-testid="plan-start-yearly-business"]')).toBeNull();
    expect(doc.querySelector('[data-testid="plan-start-business"]')?.getAttribute('href')).toBe(
      '/en/signup?role=seller&plan=business',
    );
    expect(doc.querySelector('[data-testid="plan-basic"]')).toBeNull();
  });
});

describe('FAQ', () => {
  it('has at least 15 questions in each language, closed until opened', () => {
    for (const [locale, h1] of [
      ['fr', 'Tout ce que les boutiques nous demandent'],
      ['en', 'Everything shops ask us'],
    ] as const) {
      const { doc, textOf } = serverPage(FaqPage, dataOf('faq', locale));
      expect(textOf(doc.querySelector('h1'))).toBe(h1);
      const items = doc.querySelectorAll('details[data-testid="faq-item"]');
      expect(items.length).toBeGreaterThanOrEqual(15);
      for (const item of items) {
        expect(item.querySelector('summary')?.textContent).toMatch(/\?$/);
        expect(item.hasAttribute('open')).toBe(false);
      }
    }
  });
});

describe('case studies', () => {
  it('shows three boutiques, each marked as an illustrative example', () => {
    for (const [locale, label] of [
      ['fr', 'Exemple illustratif'],
      ['en', 'Illustrative example'],
    ] as const) {
      const { doc, textOf } = serverPage(CaseStudiesPage, dataOf('caseStudies', locale));
      const studies = doc.querySelectorAll('[data-testid="case-study"]');
      expect(studies).toHaveLength(3);
      for (const s of studies) {
        expect(textOf(s.querySelector('[data-testid="case-illustrative"]'))).toBe(label);
        expect(s.querySelectorAll('dd').length).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

describe('about', () => {
  it('offers the scheduling widget when there is one, the contact form otherwise', () => {
    const withWidget = serverPage(
      AboutPage,
      dataOf('about', 'fr', { schedulingUrl: 'https://cal.example/livecart' }),
    );
    const dialog = withWidget.doc.querySelector('dialog[data-testid="about-dialog"]');
    expect(dialog?.querySelector('iframe')?.getAttribute('title')).toBe('Calendrier de prise de rendez-vous');
    expect(dialog?.querySelector('[data-testid="contact-form"]')).toBeNull();
    // without JavaScript the button is a link to the contact page
    expect(withWidget.doc.querySelector('[data-testid="about-schedule"]')?.getAttribute('href')).toBe(
      '/contact',
    );

    const without = serverPage(AboutPage, dataOf('about', 'en'));
    const form = without.doc.querySelector('dialog[data-testid="about-dialog"] [data-testid="contact-form"]');
    expect(form).not.toBeNull();
    expect(without.doc.querySelector('iframe')).toBeNull();
    expect(without.doc.querySelector('[data-testid="about-schedule"]')?.getAttribute('href')).toBe(
      '/en/contact',
    );
  });

  it('opens the modal on the button and loads the widget then', () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    HTMLDialogElement.prototype.showModal = showModal;
    render(
      <SiteApp
        data={dataOf('about', 'fr', { schedulingUrl: 'https://cal.example/livecart' })}
        Page={AboutPage}
      />,
    );
    expect(screen.getByTestId('about-iframe').getAttribute('src')).toBeNull();
    const opened = fireEvent.click(screen.getByTestId('about-schedule'));
    expect(opened).toBe(false); // the link is not followed
    expect(showModal).toHaveBeenCalledOnce();
    expect(screen.getByTestId('about-iframe').getAttribute('src')).toBe('https://cal.example/livecart');
  });
});

describe('legal pages', () => {
  it('state the roles, the durations and the cookie choice’s 150 days in both languages', () => {
    const fr = serverPage(PrivacyPage, dataOf('privacy', 'fr'));
    expect(fr.textOf(fr.doc.querySelector('h1'))).toBe('Politique de confidentialité');
    expect(fr.textOf(fr.doc.querySelector('[data-testid="legal-privacy"]'))).toContain('150 jours');
    expect(fr.text).toContain('sous-traitant');
    const en = serverPage(PrivacyPage, dataOf('privacy', 'en'));
    expect(en.textOf(en.doc.querySelector('[data-testid="legal-privacy"]'))).toContain('150 days');
    expect(en.text).toContain('processor');
  });

  it('give the trial, the percent of sales and the law', () => {
    const fr = serverPage(TermsPage, dataOf('terms', 'fr'));
    expect(fr.text).toContain('essai gratuit de 30 jours');
    expect(fr.text).toContain('droit français');
    const en = serverPage(TermsPage, dataOf('terms', 'en'));
    expect(en.textOf(en.doc.querySelector('[data-testid="legal-terms"] h1'))).toBe(
      'Terms and conditions of use and sale',
    );
    expect(en.text).toContain('percent of sales');
  });
});

describe('contact form', () => {
  const fetchMock = vi.fn();
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const renderContact = (locale: TLocale = 'fr') => {
    vi.stubGlobal('fetch', fetchMock);
    render(<SiteApp data={dataOf('contact', locale)} Page={ContactPage} />);
  };
  const type = (name: string, value: string) =>
    fireEvent.change(document.querySelector(`[name="${name}"]`) as Element, { target: { value } });
  const fillValid = () => {
    type('first_name', 'Léa');
    type('last_name', 'Martin-Dupont');
    type('email', 'lea@boutique.fr');
    type('subject', 'Question sur Instagram');
    type('message', 'Puis-je connecter deux comptes ?');
  };

  it('refuses an empty form with an error under each required field and sends nothing', () => {
    renderContact();
    fireEvent.click(screen.getByTestId('contact-submit'));
    for (const name of ['first_name', 'last_name', 'email', 'subject', 'message']) {
      const error = screen.getByTestId(`field-error-${name}`);
      expect(error.textContent).toBe('Ce champ est obligatoire.');
      const input = document.querySelector(`[name="${name}"]`) as HTMLElement;
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(error.id);
    }
    expect(screen.queryByTestId('field-error-phone')).toBeNull();
    expect(screen.queryByTestId('field-error-company_name')).toBeNull();
    expect(document.activeElement?.getAttribute('name')).toBe('first_name');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks names, e-mail, phone and the message length as the contract does', () => {
    renderContact('en');
    fillValid();
    type('first_name', 'L3a');
    type('email', 'lea@boutique');
    type('phone', '06 abc');
    type('message', 'Hi');
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(screen.getByTestId('field-error-first_name').textContent).toBe(
      'Letters, spaces, apostrophes and hyphens only.',
    );
    expect(screen.getByTestId('field-error-email').textContent).toContain('valid e-mail');
    expect(screen.getByTestId('field-error-phone').textContent).toContain('Digits');
    expect(screen.getByTestId('field-error-message').textContent).toBe('At least 3 characters.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s field errors under their fields', async () => {
    renderContact();
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: 'validation',
          message: 'Données invalides',
          fields: { email: 'Adresse e-mail refusée' },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    fillValid();
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByTestId('field-error-email')).toHaveProperty(
      'textContent',
      'Adresse e-mail refusée',
    );
    expect(screen.getByRole('alert').textContent).toContain('Corrigez les champs');
    expect(screen.getByTestId('contact-submit').hasAttribute('disabled')).toBe(false);
  });

  it('shows the server’s message when it refuses for another reason, as with too many requests', async () => {
    renderContact();
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ error: 'rate_limited', message: 'Trop de tentatives, réessayez plus tard.' }),
        {
          status: 429,
        },
      ),
    );
    fillValid();
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de tentatives, réessayez plus tard.');
    expect(screen.queryByTestId('contact-success')).toBeNull();
  });

  it('sends the trimmed fields to the API in the page’s language and says an acknowledgement was e-mailed', async () => {
    renderContact();
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );
    fillValid();
    type('email', ' lea@boutique.fr ');
    fireEvent.click(screen.getByTestId('contact-submit'));
    await waitFor(() => expect(screen.getByTestId('contact-submit').hasAttribute('disabled')).toBe(true));
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/contact?locale=fr');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      first_name: 'Léa',
      last_name: 'Martin-Dupont',
      email: 'lea@boutique.fr',
      subject: 'Question sur Instagram',
      message: 'Puis-je connecter deux comptes ?',
    });
    answer(new Response(JSON.stringify({ success: true }), { status: 200 }));
    const success = await screen.findByTestId('contact-success');
    expect(success.textContent).toContain('e-mail de confirmation');
    expect(success.textContent).toContain('lea@boutique.fr');
    expect(screen.queryByTestId('contact-form')).toBeNull();
  });
});
