import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: { title: 'GuideRulesCsv', description: 'GuideRulesCsv' },
  en: { title: 'GuideRulesCsv', description: 'GuideRulesCsv' },
});

export default function GuideRulesCsvPage() {
  const { locale } = useSite();
  return (
    <section className="site-section">
      <div className="site-wrap">
        <h1>{meta(locale).title}</h1>
      </div>
    </section>
  );
}
