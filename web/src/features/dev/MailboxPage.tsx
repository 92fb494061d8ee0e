import { PaperClipOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Result, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { errorText } from '../../app/i18n';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { isApiError } from '../../lib/api';
import { type TMail, useMailbox } from './api';

/** The mail's HTML with links opening in a new tab; shown in an iframe without scripts. */
const withBlankTargets = (html: string) => `<base target="_blank">${html}`;

function MailView({ mail }: { mail: TMail }) {
  const { t } = useTranslation();
  const tabs = [
    ...(mail.html
      ? [
          {
            key: 'html',
            label: t('mailbox.html'),
            children: (
              <iframe
                title={mail.subject}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                srcDoc={withBlankTargets(mail.html)}
                className="mail-frame"
                data-testid="mail-html"
              />
            ),
          },
        ]
      : []),
    {
      key: 'text',
      label: t('mailbox.text'),
      children: (
        <pre className="mail-text" data-testid="mail-text">
          {mail.text}
        </pre>
      ),
    },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('mailbox.to')}: {mail.to} · {formatDateTime(mail.created_at)}
      </Typography.Paragraph>
      {mail.attachments.length > 0 && (
        <Space wrap style={{ marginBottom: 8 }}>
          {mail.attachments.map((a) => (
            <span key={a.filename}>
              <PaperClipOutlined /> {a.filename} ({Math.ceil(a.size / 1024)} KB)
            </span>
          ))}
        </Space>
      )}
      <Tabs items={tabs} />
    </>
  );
}

/** /dev/mailbox: the mails of the embedded outbox, for demos and tests without SMTP. */
export default function MailboxPage() {
  const { t } = useTranslation();
  const mailbox = useMailbox();
  const [open, setOpen] = useState<TMail | null>(null);

  if (mailbox.isPending) return <FullScreenLoader />;
  if (mailbox.isError) {
    const off = isApiError(mailbox.error) && mailbox.error.status === 404;
    return (
      <Result
        status={off ? 'info' : 'error'}
        title={off ? t('mailbox.off') : errorText(t, mailbox.error)}
        data-testid="mailbox-off"
      />
    );
  }
  return (
    <div data-testid="mailbox-page">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={1}>{t('mailbox.title')}</Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => mailbox.refetch()} loading={mailbox.isFetching}>
          {t('common.refresh')}
        </Button>
      </Space>
      <Table<TMail>
        rowKey={(m) => `${m.created_at}-${m.to}-${m.subject}`}
        dataSource={mailbox.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName="mail-row"
        onRow={(m, i) => ({ onClick: () => setOpen(m), 'data-testid': `mail-${i}` }) as object}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mailbox.empty')} />,
        }}
        columns={[
          { key: 'subject', dataIndex: 'subject', title: t('mailbox.subject') },
          { key: 'to', dataIndex: 'to', title: t('mailbox.to') },
          {
            key: 'created_at',
            dataIndex: 'created_at',
            title: t('mailbox.date'),
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
      <Modal
        open={!!open}
        title={open?.subject}
        onCancel={() => setOpen(null)}
        footer={null}
        width={860}
        destroyOnHidden
      >
        {open && <MailView mail={open} />}
      </Modal>
    </div>
  );
}
