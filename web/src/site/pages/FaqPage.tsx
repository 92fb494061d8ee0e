import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: { title: 'Faq', description: 'Faq' },
  en: { title: 'Faq', description: 'Faq' },
});

export default function FaqPage() {
  const { locale } = useSite();
  return (
    <section className="site-section">
      <div className="site-wrap">
        <h1>{meta(locale).title}</h1>
      </div>
    </section>
  );
}
