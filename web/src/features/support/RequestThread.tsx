import type { TSupportDetail } from '@livecart/contract/support';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';

/**
 * A request as its author wrote it (the message, the screenshot) and the team's answers under it,
 * oldest first. The screenshot is the request's private address: the browser sends the session.
 */
export function RequestThread({ detail }: { detail: TSupportDetail }) {
  const { t } = useTranslation();
  const { item, replies } = detail;
  return (
    <div className="support-thread" data-testid={`support-thread-${item.id}`}>
      <Typography.Paragraph className="support-text" data-testid="support-message">
        {item.message}
      </Typography.Paragraph>
      {item.attachment && (
        <figure className="support-attachment">
          <a href={item.attachment} target="_blank" rel="noreferrer" aria-label={t('support.openAttachment')}>
            <img src={item.attachment} alt={t('support.attachment')} data-testid="support-attachment" />
          </a>
          <figcaption>
            <Typography.Text type="secondary">{t('support.attachment')}</Typography.Text>
          </figcaption>
        </figure>
      )}
      <Typography.Title level={3} className="support-answers-title">
        {t('support.answers')}
      </Typography.Title>
      {replies.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('support.noAnswer')} />
      ) : (
        <ol className="support-replies">
          {replies.map((r) => (
            <li key={r.id} className="support-reply" data-testid={`support-reply-${r.id}`}>
              <Typography.Text type="secondary">
                {r.author_name ?? t('support.team')} · {formatDateTime(r.created_at)}
              </Typography.Text>
              <div className="support-text">{r.body}</div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
