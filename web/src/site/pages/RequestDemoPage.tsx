import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: { title: 'RequestDemo', description: 'RequestDemo' },
  en: { title: 'RequestDemo', description: 'RequestDemo' },
});

export default function RequestDemoPage() {
  const { locale } = useSite();
  return (
    <section className="site-section">
      <div className="site-wrap">
        <h1>{meta(locale).title}</h1>
      </div>
    </section>
  );
}
