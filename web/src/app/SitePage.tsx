/*
 * The public site's pages inside the web app (its own chunk, without antd): the server renders them
 * to visitors on a full page load; the app renders the same components when it navigates to them
 * (a visitor coming from the sign-in page, `npm run dev`), and a signed-in user reads the guides in
 * the app's frame.
 */
import { COOKIE_CONSENT_NAME } from '@livecart/contract/constants';
import { SITE_PAGE_IDS, type SiteData, type TSitePageId } from '@livecart/contract/site';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { useSession } from '../features/auth/api';
import { usePaymentPlans } from '../features/plans/api';
import { getCookie } from '../lib/cookies';
import { SITE_PAGES, type SitePageModule } from '../site/pages';
import { SiteProvider, siteOf, useSite } from '../site/SiteContext';
import { SiteLayout } from '../site/SiteLayout';
import { useLocale } from './useLocale';
import './SitePage.css';

/** A page's body that also names the tab as the server's head does. */
function titled(mod: SitePageModule): ComponentType {
  return function SitePageBody() {
    const { data, locale } = useSite();
    const { title } = mod.meta(locale);
    useEffect(() => {
      document.title = data.page === 'home' ? title : `${title} · LiveCart`;
    }, [data.page, title]);
    return <mod.default />;
  };
}

const BODIES = Object.fromEntries(
  SITE_PAGE_IDS.map((id) => [id, lazy(() => SITE_PAGES[id]().then((mod) => ({ default: titled(mod) })))]),
) as Record<TSitePageId, LazyExoticComponent<ComponentType>>;

/** The data the server would render the page from, gathered in the browser. */
function useSiteData(page: TSitePageId): SiteData {
  const locale = useLocale();
  const { user } = useSession();
  const [params] = useSearchParams();
  const plans = usePaymentPlans();
  return {
    page,
    locale,
    origin: window.location.origin,
    plans: plans.data?.items ?? [],
    schedulingUrl: null,
    query: params.get('q') ?? '',
    cookieChoice: getCookie(COOKIE_CONSENT_NAME) !== null,
    signedIn: !!user,
  };
}

/**
 * A public page: in the site's own frame (header, footer, cookie banner) for everyone, or, with
 * `inApp`, only its body, inside the signed-in app's frame (the guides, beside their sidebar).
 */
export default function SitePage({ page, inApp = false }: { page: TSitePageId; inApp?: boolean }) {
  const data = useSiteData(page);
  const Body = BODIES[page];
  // the frame waits for the page's chunk: header, body and footer appear together
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <SiteProvider value={siteOf(data)}>
        {inApp ? (
          <div className="site site-in-app" data-testid="site-in-app">
            <Body />
          </div>
        ) : (
          <SiteLayout>
            <Body />
          </SiteLayout>
        )}
      </SiteProvider>
    </Suspense>
  );
}
