import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MASK = '•'.repeat(24);

/** What the example posts when the seller's catalogue gives no keyword to show. */
const FALLBACK_COMMENT = 'Bonjour !';

/**
 * A one-line curl posting one comment, the way a capture tool does: `comment` (a keyword of the
 * seller's own products, `LiveSessionDetail.example_comment`) makes a cart.
 */
export function curlExample(url: string, token: string, comment: string | null): string {
  const body = JSON.stringify({
    messages: [
      {
        id: 'c-1',
        from: { id: 'viewer-1', name: 'Camille' },
        message: comment ?? FALLBACK_COMMENT,
        created_time: '2026-01-01T20:00:00Z',
      },
    ],
  });
  return `curl -X POST ${shellQuote(url)} -H 'Content-Type: application/json' -H ${shellQuote(`X-Ingest-Token: ${token}`)} -d ${shellQuote(body)}`;
}

/** One shell word whatever it holds (`l'été`, `$(…)`): single quotes, each `'` closed and escaped. */
export const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Where capture tools post the session's comments: URL, token (masked until shown), a curl line. */
export function IngestCard({ url, token, example }: { url: string; token: string; example: string | null }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const visibleToken = shown ? token : MASK;
  return (
    <Card title={t('live.ingestTitle')} size="small" data-testid="ingest-card">
      <Typography.Paragraph type="secondary">{t('live.ingestHelp')}</Typography.Paragraph>
      <div className="live-ingest-line">
        <Typography.Text strong>{t('live.ingestUrl')}</Typography.Text>{' '}
        <Typography.Text code copyable={{ text: url }} data-testid="ingest-url">
          {url}
        </Typography.Text>
      </div>
      <Space className="live-ingest-line" wrap>
        <Typography.Text strong>{t('live.ingestToken')}</Typography.Text>
        <Typography.Text code copyable={{ text: token }} data-testid="ingest-token" data-shown={shown}>
          {visibleToken}
        </Typography.Text>
        <Button
          size="small"
          type="text"
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setShown((v) => !v)}
          data-testid="ingest-token-toggle"
        >
          {shown ? t('live.hideToken') : t('live.showToken')}
        </Button>
      </Space>
      <div className="live-ingest-line">
        <Typography.Text strong>{t('live.curlExample')}</Typography.Text>
        <Typography.Paragraph
          code
          copyable={{ text: curlExample(url, token, example) }}
          style={{ marginBottom: 0, whiteSpace: 'nowrap', overflowX: 'auto' }}
          data-testid="ingest-curl"
        >
          {curlExample(url, visibleToken, example)}
        </Typography.Paragraph>
      </div>
    </Card>
  );
}
