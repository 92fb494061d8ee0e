import { PaperClipOutlined } from '@ant-design/icons';
import type { TSupportMessage } from '@livecart/contract/support';
import { Collapse, Empty, Pagination, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../app/format';
import { useListParams } from '../../components/useListParams';
import { MY_REQUESTS_DEFAULTS, useSupportRequest, useSupportRequests } from './api';
import { RequestThread } from './RequestThread';
import { SupportForm } from './SupportForm';
import { SupportStatusTag } from './Tags';

/** One request opened under its title: loaded when opened. */
function OpenedRequest({ id }: { id: number }) {
  const detail = useSupportRequest(id);
  if (!detail.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  return <RequestThread detail={detail.data} />;
}

function RequestTitle({ item }: { item: TSupportMessage }) {
  const { t } = useTranslation();
  return (
    <div className="support-request-title">
      <Typography.Text strong>{item.subject}</Typography.Text>
      <Space size={8} wrap>
        <SupportStatusTag status={item.status} testId={`support-status-${item.id}`} />
        <Typography.Text type="secondary">{formatDateTime(item.created_at)}</Typography.Text>
        {item.replies_count > 0 && (
          <Typography.Text type="secondary">
            {t('support.repliesCountShort', { count: item.replies_count })}
          </Typography.Text>
        )}
        {item.attachment && <PaperClipOutlined aria-label={t('support.attachment')} />}
      </Space>
    </div>
  );
}

/**
 * The request a link opens (`?id=`: a notification, the e-mail's button) when it is not on the
 * page of the list shown (an older one): above the list, open, closed as the others are.
 */
function LinkedRequest({ id, onChange }: { id: number; onChange: (key: string | string[]) => void }) {
  const detail = useSupportRequest(id);
  // loading, or not theirs (the error toast says so)
  if (!detail.data) return null;
  return (
    <Collapse
      activeKey={[String(id)]}
      onChange={onChange}
      className="support-linked"
      data-testid={`support-linked-${id}`}
      items={[
        {
          key: String(id),
          label: <RequestTitle item={detail.data.item} />,
          children: <RequestThread detail={detail.data} />,
        },
      ]}
    />
  );
}

/**
 * /support for a seller (SPEC §2 Support, "message to admin"): the form to write to the team, and
 * their requests with where each stands; a request opens to show the team's answers. A link with
 * `?id=` (the notification of an answer, the e-mail's button) opens that request.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const list = useListParams(MY_REQUESTS_DEFAULTS);
  const requests = useSupportRequests(list.params);
  const [search, setSearch] = useSearchParams();
  const opened = Number(search.get('id')) || null;
  const items = requests.data?.items ?? [];
  const linked = opened && requests.data && !items.some((i) => i.id === opened) ? opened : null;

  // one request open at a time: the one just clicked (an accordion's tab roles would not fit a list)
  const open = (key: string | string[]) => {
    const id = [key].flat().find((k) => k !== String(opened));
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div data-testid="support-page" className="support-page">
      <Typography.Title level={1}>{t('support.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('support.intro')}</Typography.Paragraph>
      <SupportForm />
      <Typography.Title level={2} className="support-list-title">
        {t('support.myRequests')}
      </Typography.Title>
      {linked && <LinkedRequest id={linked} onChange={open} />}
      {requests.isPending ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span data-testid="support-requests-empty">{t('support.noRequests')}</span>}
        />
      ) : (
        <>
          <Collapse
            activeKey={opened ? [String(opened)] : []}
            onChange={open}
            destroyOnHidden
            data-testid="support-requests"
            items={items.map((item) => ({
              key: String(item.id),
              label: <RequestTitle item={item} />,
              children: <OpenedRequest id={item.id} />,
              'data-testid': `support-request-${item.id}`,
            }))}
          />
          <Pagination
            className="support-pager"
            size="small"
            current={Math.floor(list.params.offset / list.params.limit) + 1}
            pageSize={list.params.limit}
            total={requests.data?.count ?? 0}
            hideOnSinglePage
            onChange={(page, size) => list.setPage(page, size)}
            showTotal={(total) => t('list.total', { count: total })}
          />
        </>
      )}
    </div>
  );
}
