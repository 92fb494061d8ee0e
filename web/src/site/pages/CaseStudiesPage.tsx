import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: { title: 'CaseStudies', description: 'CaseStudies' },
  en: { title: 'CaseStudies', description: 'CaseStudies' },
});

export default function CaseStudiesPage() {
  const { locale } = useSite();
  return (
    <section className="site-section">
      <div className="site-wrap">
        <h1>{meta(locale).title}</h1>
      </div>
    </section>
  );
}
