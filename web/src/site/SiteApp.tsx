import type { SiteData } from '@livecart/contract/site';
import type { ComponentType } from 'react';
import { SiteProvider, siteOf } from './SiteContext';
import { SiteLayout } from './SiteLayout';

/** A public page in its frame, from its data: what the server renders and the browser hydrates. */
export function SiteApp({ data, Page }: { data: SiteData; Page: ComponentType }) {
  return (
    <SiteProvider value={siteOf(data)}>
      <SiteLayout>
        <Page />
      </SiteLayout>
    </SiteProvider>
  );
}
