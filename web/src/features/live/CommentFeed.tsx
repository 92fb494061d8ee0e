import type { TLiveComment } from '@livecart/contract/live';
import { Card, Empty, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type HTMLAttributes, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../app/format';
import { tDynamic } from '../../app/i18n';
import { useIsPhone } from '../../app/useIsPhone';

type Outcome = NonNullable<TLiveComment['outcome']>;

export const OUTCOME_COLORS: Record<Outcome, string> = {
  ordered: 'green',
  waiting: 'orange',
  ambiguous: 'geekblue',
  no_match: 'default',
  ignored: 'default',
  duplicate: 'purple',
  blocked: 'red',
  answered: 'cyan',
};

// a sent reply in the preset green, whose text reaches 4.5:1 (the status green does not)
const REPLY_COLORS = { pending: 'processing', sent: 'green', failed: 'error' } as const;

/**
 * What became of a comment; the chatbot's reply that answered it is named, in the outcome's tag
 * when answering was all it did, in a tag of its own beside what it ordered otherwise.
 */
export function OutcomeTag({ comment }: { comment: TLiveComment }) {
  const { t } = useTranslation();
  const { outcome, reason, answered } = comment;
  if (!outcome) return <Tag color="processing">{t('live.outcome.processing')}</Tag>;
  // `ambiguous:variant_required, …` → live.reason.variant_required (the first product's)
  const reasonKey = reason ? `live.reason.${reason.split(', ')[0].split(':').pop()}` : '';
  const reasonText = reason ? tDynamic(t, reasonKey, '') : '';
  const answeredBy = answered && t('live.answeredBy', { name: answered.name });
  return (
    <span>
      <Tag color={OUTCOME_COLORS[outcome]} data-testid="comment-outcome">
        {outcome === 'answered' && answeredBy ? answeredBy : t(`live.outcome.${outcome}`)}
      </Tag>
      {outcome !== 'answered' && answeredBy && (
        <Tag color={OUTCOME_COLORS.answered} data-testid="comment-answered">
          {answeredBy}
        </Tag>
      )}
      {reasonText && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {reasonText}
        </Typography.Text>
      )}
    </span>
  );
}

const PLATFORM_COLORS = { facebook: 'blue', instagram: 'magenta' } as const;

/**
 * Where the comment was written: a small Facebook or Instagram tag beside the viewer (none for the
 * capture tool's and the simulator's comments, which came through no store).
 */
export function PlatformTag({ platform }: { platform: TLiveComment['platform'] }) {
  const { t } = useTranslation();
  if (!platform) return null;
  const name = platform === 'instagram' ? 'instagram' : 'facebook';
  return (
    <Tag
      color={PLATFORM_COLORS[name]}
      data-testid="comment-platform"
      data-platform={name}
      style={{ fontSize: 11, lineHeight: '16px', marginInlineStart: 6 }}
    >
      {t(name === 'instagram' ? 'live.platformInstagram' : 'live.platformFacebook')}
    </Tag>
  );
}

/** The private reply of a comment: its status and its text. */
function Reply({ reply }: { reply: NonNullable<TLiveComment['reply']> }) {
  const { t } = useTranslation();
  return (
    <div data-testid="comment-reply" data-reply-status={reply.status} className="comment-reply">
      <Tag color={REPLY_COLORS[reply.status]}>{t(`live.replyStatus.${reply.status}`)}</Tag>
      <Typography.Text style={{ fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {reply.text}
      </Typography.Text>
    </div>
  );
}

/**
 * A phone's comment feed: one card per comment, whose result, order and private reply sit under
 * the message instead of in columns off the screen.
 */
function CommentCards({ comments, loading }: { comments: TLiveComment[]; loading: boolean }) {
  const { t } = useTranslation();
  if (loading && comments.length === 0) return <Spin className="comment-cards-loading" />;
  if (comments.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.noComments')} />;
  }
  return (
    <ul className="comment-cards">
      {comments.map((c) => (
        <li
          key={c.id}
          className="comment-card"
          data-testid="comment-row"
          data-outcome={c.outcome ?? 'processing'}
        >
          <div className="comment-card-head">
            <span>
              <strong data-testid="comment-viewer">{c.from_name ?? c.from_id ?? '—'}</strong>
              <PlatformTag platform={c.platform} />
            </span>
            <Typography.Text type="secondary">{formatClock(c.created_time)}</Typography.Text>
          </div>
          <div data-testid="comment-message" className="comment-card-message">
            {c.message}
          </div>
          <div className="comment-card-outcome">
            <OutcomeTag comment={c} />
            {c.order_number && (
              <span data-testid="comment-order">
                {t('live.orderNumber')} {c.order_number}
              </span>
            )}
          </div>
          {c.reply && <Reply reply={c.reply} />}
        </li>
      ))}
    </ul>
  );
}

/** The session's comments, newest first, with what each became and its private reply. */
export function CommentFeed({
  comments,
  count,
  loading,
}: {
  comments: TLiveComment[];
  count: number;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const columns = useMemo<ColumnsType<TLiveComment>>(
    () => [
      {
        key: 'time',
        title: t('live.time'),
        width: 90,
        render: (_: unknown, c) => (
          <span style={{ whiteSpace: 'nowrap' }}>{formatClock(c.created_time)}</span>
        ),
      },
      {
        key: 'viewer',
        title: t('live.viewer'),
        render: (_: unknown, c) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            <strong data-testid="comment-viewer">{c.from_name ?? c.from_id ?? '—'}</strong>
            <PlatformTag platform={c.platform} />
          </span>
        ),
      },
      {
        key: 'message',
        title: t('live.message'),
        render: (_: unknown, c) => <span data-testid="comment-message">{c.message}</span>,
      },
      {
        key: 'outcome',
        title: t('live.outcomeLabel'),
        render: (_: unknown, c) => <OutcomeTag comment={c} />,
      },
      {
        key: 'order',
        title: t('live.orderNumber'),
        render: (_: unknown, c) => (
          <span data-testid="comment-order" style={{ whiteSpace: 'nowrap' }}>
            {c.order_number ?? ''}
          </span>
        ),
      },
      {
        key: 'reply',
        title: t('live.reply'),
        width: 360,
        render: (_: unknown, c) => (c.reply ? <Reply reply={c.reply} /> : null),
      },
    ],
    [t],
  );

  return (
    <Card title={t('live.feedTitle', { count })} size="small">
      <div data-testid="comment-feed">
        {phone ? (
          <CommentCards comments={comments} loading={loading} />
        ) : (
          <Table<TLiveComment>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={comments}
            loading={loading}
            pagination={false}
            scroll={{ x: 960 }}
            onRow={(c) =>
              ({
                'data-testid': 'comment-row',
                'data-outcome': c.outcome ?? 'processing',
              }) as HTMLAttributes<HTMLElement>
            }
            locale={{ emptyText: t('live.noComments') }}
          />
        )}
      </div>
    </Card>
  );
}
