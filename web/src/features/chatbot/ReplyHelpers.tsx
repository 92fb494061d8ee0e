import { PlayCircleOutlined } from '@ant-design/icons';
import { replyMatcher } from '@livecart/contract/chatbot';
import { Alert, Card, Form, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/useLocale';
import { ButtonLink } from '../../components/ButtonLink';
import { sessionStart } from '../live/format';
import { useActiveReplies, useActiveSessions } from './api';
import { ReplyPreview } from './ReplyTexts';

/**
 * "Try a comment": a comment typed here shows which of the seller's active replies a live would
 * answer it with (the contract's `replyMatcher`: a trigger word it holds as a whole word, the
 * longest trigger, then the oldest reply) and the message, rendered.
 */
export function TryComment() {
  const { t } = useTranslation();
  const locale = useLocale();
  const replies = useActiveReplies();
  const [comment, setComment] = useState('');
  const inputId = useId();
  const resultId = useId();
  const text = comment.trim();
  // the reply a live would send: the same rule as the server's (longest trigger, then oldest)
  const match = useMemo(() => replyMatcher(replies.data ?? [], (r) => r.keywords), [replies.data]);
  const found = text ? match(text) : null;
  const matches = found ? [found] : [];

  return (
    <Card
      size="small"
      title={<h2 className="plain-heading">{t('chatbot.tryTitle')}</h2>}
      data-testid="try-comment"
    >
      <Form layout="vertical">
        <Form.Item label={t('chatbot.tryLabel')} htmlFor={inputId} extra={t('chatbot.tryHint')}>
          <Input
            id={inputId}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={t('chatbot.tryPlaceholder')}
            maxLength={1000}
            allowClear
            aria-describedby={resultId}
            data-testid="try-comment-input"
          />
        </Form.Item>
      </Form>
      <div id={resultId} aria-live="polite" data-testid="try-comment-result">
        {!text ? null : replies.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : matches.length === 0 ? (
          <Typography.Text type="secondary" data-testid="try-comment-none">
            {t('chatbot.tryNone')}
          </Typography.Text>
        ) : (
          <List
            dataSource={matches}
            split={false}
            renderItem={({ reply, trigger }) => (
              <List.Item data-testid={`try-comment-match-${reply.id}`} style={{ display: 'block' }}>
                <Space size={4} wrap style={{ marginBottom: 4 }}>
                  <span>{t('chatbot.tryAnsweredBy')}</span>
                  <Tag color="cyan" data-testid="try-comment-reply-name">
                    {reply.name}
                  </Tag>
                  <Typography.Text type="secondary">{t('chatbot.tryTrigger', { trigger })}</Typography.Text>
                </Space>
                <ReplyPreview
                  text={locale === 'en' ? reply.message_en : reply.message_fr}
                  lang={locale}
                  extras={{ product: reply.product, discount: reply.discount }}
                  testId="try-comment-text"
                />
              </List.Item>
            )}
          />
        )}
      </div>
    </Card>
  );
}

/** "Test in a live": the console of a live running now, where the simulator tries a reply for real. */
export function TestInLive() {
  const { t } = useTranslation();
  const sessions = useActiveSessions();
  return (
    <Card
      size="small"
      title={<h2 className="plain-heading">{t('chatbot.testTitle')}</h2>}
      data-testid="test-in-live"
    >
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : sessions.data && sessions.data.length > 0 ? (
        <>
          <Typography.Paragraph>{t('chatbot.testLive')}</Typography.Paragraph>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {sessions.data.map((s) => {
              const start = sessionStart(s);
              return (
                <ButtonLink
                  key={s.id}
                  to={`/liveselling/${s.id}`}
                  type="primary"
                  icon={<PlayCircleOutlined />}
                  className="wrap-button"
                  data-testid={`test-in-live-${s.id}`}
                >
                  {t('chatbot.openConsole', { date: start.date, time: start.time })}
                </ButtonLink>
              );
            })}
          </Space>
        </>
      ) : (
        <>
          <Alert type="info" showIcon title={t('chatbot.testNoLive')} style={{ marginBottom: 12 }} />
          <ButtonLink to="/liveselling" data-testid="test-in-live-none">
            {t('chatbot.toLiveSelling')}
          </ButtonLink>
        </>
      )}
    </Card>
  );
}
