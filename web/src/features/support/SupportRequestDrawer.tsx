import { SUPPORT_REPLY_MAX, type TSupportMessage } from '@livecart/contract/support';
import { zText } from '@livecart/contract/validation';
import { Button, Descriptions, Drawer, Empty, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { zodRule } from '../../components/form/rules';
import { useSupportActions, useSupportRequest } from './api';
import { RequestThread } from './RequestThread';
import { SupportStatusTag, SupportTypeTag } from './Tags';

const nameOf = (a: TSupportMessage['author']) => [a.first_name, a.last_name].filter(Boolean).join(' ');

/**
 * A mail to this address alone: `?`, `&` or `#` typed in a form's address are part of it, not
 * headers (`a?cc=someone@x.com` would copy someone in), so each side of the @ is encoded.
 */
const mailtoOf = (email: string) => `mailto:${email.split('@').map(encodeURIComponent).join('@')}`;

/** Who wrote and how to reach them, when and in which language (answers are written in it). */
function RequestFacts({ item }: { item: TSupportMessage }) {
  const { t } = useTranslation();
  const a = item.author;
  return (
    <Descriptions
      column={1}
      size="small"
      data-testid="support-facts"
      items={[
        { key: 'from', label: t('support.from'), children: nameOf(a) || '—' },
        {
          key: 'email',
          label: t('support.email'),
          children: a.email ? <a href={mailtoOf(a.email)}>{a.email}</a> : '—',
        },
        ...(a.phone ? [{ key: 'phone', label: t('support.phone'), children: a.phone }] : []),
        ...(a.company_name
          ? [{ key: 'company', label: t('support.company'), children: a.company_name }]
          : []),
        { key: 'type', label: t('support.typeLabel'), children: <SupportTypeTag type={item.type} /> },
        { key: 'date', label: t('support.date'), children: formatDateTime(item.created_at) },
        { key: 'locale', label: t('support.language'), children: t(`support.languages.${item.locale}`) },
        {
          key: 'status',
          label: t('support.statusLabel'),
          children: (
            <Space size={8} wrap>
              <SupportStatusTag status={item.status} testId="support-drawer-status" />
              {item.closed_at && (
                <Typography.Text type="secondary">
                  {t('support.closedOn', { date: formatDateTime(item.closed_at) })}
                </Typography.Text>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** The answer box: sent by e-mail to the author; "Response was sent successfully" (SPEC §8). */
function AnswerForm({ item }: { item: TSupportMessage }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ message: string }>();
  const { reply } = useSupportActions(item.id);
  const send = ({ message }: { message: string }) =>
    reply.mutate(message.trim(), {
      onSuccess: (r) => {
        form.resetFields();
        toast('success', t('support.responseSent'));
        if (!r.emailed) toast('warning', t('support.notEmailed'));
      },
    });
  return (
    <Form form={form} layout="vertical" onFinish={send} data-testid="support-answer-form">
      <Form.Item
        name="message"
        label={t('support.answer')}
        extra={
          item.author.email ? t('support.answerTo', { email: item.author.email }) : t('support.answerNoEmail')
        }
        rules={[
          zodRule(
            { safeParse: (v) => zText(1, SUPPORT_REPLY_MAX).safeParse(typeof v === 'string' ? v.trim() : v) },
            t,
          ),
        ]}
      >
        <Input.TextArea rows={5} maxLength={SUPPORT_REPLY_MAX} data-testid="support-answer" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={reply.isPending} data-testid="support-answer-send">
        {t('support.sendAnswer')}
      </Button>
    </Form>
  );
}

/** One request of the inbox (admin): who wrote, the message and screenshot, the answers, answer, close. */
export function SupportRequestDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const detail = useSupportRequest(id);
  const { setStatus } = useSupportActions(id ?? 0);
  const item = detail.data?.item;
  const closed = item?.status === 'closed';
  const toggle = () =>
    setStatus.mutate(closed ? 'reopen' : 'close', {
      onSuccess: () => toast('success', t(closed ? 'support.reopened' : 'support.closed')),
    });

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={phone ? '100%' : 'large'}
      title={id ? t('support.detailTitle', { id }) : ''}
      extra={
        item && (
          <Button
            onClick={toggle}
            loading={setStatus.isPending}
            data-testid={closed ? 'support-reopen' : 'support-close'}
          >
            {t(closed ? 'support.reopen' : 'support.close')}
          </Button>
        )
      }
      data-testid="support-drawer"
    >
      {detail.isError ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span data-testid="support-drawer-error">{errorText(t, detail.error)}</span>}
        />
      ) : !detail.data || !item ? (
        <Skeleton active />
      ) : (
        <div className="support-drawer-body">
          <Typography.Title level={2} className="support-drawer-subject" data-testid="support-drawer-subject">
            {item.subject}
          </Typography.Title>
          <RequestFacts item={item} />
          <RequestThread detail={detail.data} />
          <AnswerForm item={item} />
        </div>
      )}
    </Drawer>
  );
}
