import type { TLiveSessionSource } from '@livecart/contract/live';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlatformTag } from './CommentFeed';

const STATE_COLORS = { waiting: 'default', live: 'green', ended: 'default' } as const;

/**
 * The stores feeding the session and what each brings: its live video (waiting for the live,
 * live, ended), and why its comments cannot be read (token to resynchronise, platform limit).
 */
export function SessionSources({ sources }: { sources: TLiveSessionSource[] }) {
  const { t } = useTranslation();
  if (!sources.length) return null;
  return (
    <Space direction="vertical" size={4} style={{ marginBottom: 12 }} data-testid="console-sources">
      {sources.map((s) => {
        const state = s.video_id ? (s.video_status === 'ended' ? 'ended' : 'live') : 'waiting';
        return (
          <Space key={s.store_id} size={4} wrap data-testid={`console-source-${s.store_id}`}>
            <strong>{s.name}</strong>
            <PlatformTag platform={s.platform} />
            <Tag color={STATE_COLORS[state]} data-testid="console-source-state">
              {t(`live.source.${state}`)}
            </Tag>
            {s.token_error ? (
              <Typography.Text type="danger" data-testid="console-source-error">
                {t('live.source.tokenError')}
              </Typography.Text>
            ) : (
              s.poll_error && (
                <Typography.Text type="warning" data-testid="console-source-error">
                  {t('live.source.pollError')}
                </Typography.Text>
              )
            )}
          </Space>
        );
      })}
    </Space>
  );
}
