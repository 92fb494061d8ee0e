/*
 * The browser's entry of the public site: the page the server rendered comes alive (the cookie
 * banner, the forms, the about page's modal) once its own chunk is loaded; until then it reads
 * and navigates as plain HTML.
 */
import type { SiteData } from '@livecart/contract/site';
import { hydrateRoot } from 'react-dom/client';
import { SITE_PAGES } from './pages';
import { SiteApp } from './SiteApp';
import './site.css';

const root = document.getElementById('root');
const json = document.getElementById('site-data')?.textContent;
if (root && json) {
  const data = JSON.parse(json) as SiteData;
  SITE_PAGES[data.page]().then((mod) => {
    hydrateRoot(root, <SiteApp data={data} Page={mod.default} />);
  });
}
