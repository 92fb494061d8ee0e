import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type LegalTopic = 'about' | 'privacy' | 'terms';

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const;

/** The footer pages: about us, privacy policy, terms and conditions (text in fr.json / en.json). */
export default function LegalPage({ topic }: { topic: LegalTopic }) {
  const { t } = useTranslation();
  return (
    <Card
      className="legal-page"
      data-testid={`legal-${topic}`}
      style={{ maxWidth: 820, margin: '24px auto' }}
    >
      <Typography.Title level={1}>{t(`legal.${topic}.title`)}</Typography.Title>
      {PARAGRAPHS.map((p) => (
        <Typography.Paragraph key={p}>{t(`legal.${topic}.${p}`)}</Typography.Paragraph>
      ))}
    </Card>
  );
}
