import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: { title: 'GuideLiveSelling', description: 'GuideLiveSelling' },
  en: { title: 'GuideLiveSelling', description: 'GuideLiveSelling' },
});

export default function GuideLiveSellingPage() {
  const { locale } = useSite();
  return (
    <section className="site-section">
      <div className="site-wrap">
        <h1>{meta(locale).title}</h1>
      </div>
    </section>
  );
}
