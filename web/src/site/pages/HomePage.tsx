import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: { title: 'Home', description: 'Home' },
  en: { title: 'Home', description: 'Home' },
});

export default function HomePage() {
  const { locale } = useSite();
  return (
    <section className="site-section">
      <div className="site-wrap">
        <h1>{meta(locale).title}</h1>
      </div>
    </section>
  );
}
