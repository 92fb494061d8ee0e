import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: { title: 'Contact', description: 'Contact' },
  en: { title: 'Contact', description: 'Contact' },
});

export default function ContactPage() {
  const { locale } = useSite();
  return (
    <section className="site-section">
      <div className="site-wrap">
        <h1>{meta(locale).title}</h1>
      </div>
    </section>
  );
}
