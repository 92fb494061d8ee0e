import { LockOutlined, UndoOutlined } from '@ant-design/icons';
import { SYSTEM_REPLIES, type TSystemReplyBody, ZSystemReplyBody } from '@livecart/contract/chatbot';
import { App, Button, type ButtonProps, Card, Form, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useLocale } from '../../app/useLocale';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { bodyRule, showServerErrors } from '../../components/form/rules';
import { type TSystemReplyItem, useSaveSystemReply, useSystemReplies } from './api';
import { ReplyTexts } from './ReplyTexts';

interface SystemFormValues {
  message_fr: string;
  message_en: string;
  active: boolean;
}

const toBody = (name: TSystemReplyItem['name'], v: Partial<SystemFormValues>): TSystemReplyBody => ({
  name,
  message_fr: (v.message_fr ?? '').trim(),
  message_en: (v.message_en ?? '').trim(),
  active: v.active ?? true,
});

/** One event's reply: when it is sent, its two texts with placeholders and preview, its switch. */
function SystemReplyCard({ reply, isAdmin }: { reply: TSystemReplyItem; isAdmin: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { modal } = App.useApp();
  const [form] = Form.useForm<SystemFormValues>();
  const save = useSaveSystemReply();
  const { name, mandatory } = reply;
  const testId = `system-${name}`;
  const rule = (field: string) =>
    bodyRule(ZSystemReplyBody, (v) => toBody(name, v as Partial<SystemFormValues>), field, t);

  const onFinish = (v: SystemFormValues) =>
    save.mutate(toBody(name, { ...v, active: mandatory ? true : v.active }), {
      onSuccess: () => toast('success', t('messages.scenarioUpdated')),
      onError: (e) => {
        if (!showServerErrors(form, e, t)) toast('error', errorText(t, e));
      },
    });

  const confirmReset = () =>
    modal.confirm({
      title: t('chatbot.resetTitle'),
      content: (
        <>
          <Typography.Paragraph>{t('chatbot.resetText')}</Typography.Paragraph>
          <div className="reply-bubble" lang={locale}>
            {locale === 'en' ? reply.default_en : reply.default_fr}
          </div>
        </>
      ),
      okText: t('chatbot.reset'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: () =>
        save
          .mutateAsync({ name, reset: true })
          .then(() => toast('success', t('messages.scenarioUpdated')))
          .catch((e: unknown) => toast('error', errorText(t, e))),
    });

  const title = t(`chatbot.event.${name}.title`);
  return (
    <Card
      size="small"
      title={<h2 className="plain-heading">{title}</h2>}
      extra={
        <Space size={4} wrap>
          {mandatory && (
            <Tag icon={<LockOutlined />} color="gold" data-testid={`${testId}-mandatory`}>
              {t('chatbot.mandatoryTag')}
            </Tag>
          )}
          {!isAdmin &&
            (reply.overridden ? (
              <Tag color="blue" data-testid={`${testId}-state`}>
                {t('chatbot.overridden')}
              </Tag>
            ) : (
              <Tag data-testid={`${testId}-state`}>{t('chatbot.platformText')}</Tag>
            ))}
        </Space>
      }
      data-testid={testId}
    >
      <Typography.Paragraph type="secondary">{t(`chatbot.event.${name}.when`)}</Typography.Paragraph>
      <Form<SystemFormValues>
        form={form}
        name={testId}
        layout="vertical"
        initialValues={{ message_fr: reply.message_fr, message_en: reply.message_en, active: reply.active }}
        onFinish={onFinish}
      >
        <ReplyTexts
          placeholders={reply.placeholders}
          rulesOf={(lang) => [rule(`message_${lang}`)]}
          testId={testId}
        />
        <Form.Item
          name="active"
          label={t('chatbot.sentLabel')}
          valuePropName="checked"
          extra={mandatory ? t('chatbot.mandatoryHint') : undefined}
        >
          <Switch disabled={mandatory} data-testid={`${testId}-active`} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`${testId}-save`}>
            {t('common.save')}
          </Button>
          {reply.overridden && (
            <Button icon={<UndoOutlined />} onClick={confirmReset} data-testid={`${testId}-reset`}>
              {t('chatbot.reset')}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}

const order = (r: TSystemReplyItem) => SYSTEM_REPLIES.indexOf(r.name);

/**
 * The system replies, one card per event the live engine answers: a seller's own texts (or the
 * platform's until they write theirs); for admin, the platform's defaults every seller starts with.
 */
export function SystemReplies({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const replies = useSystemReplies();
  return (
    <div data-testid="system-replies">
      <Typography.Paragraph type="secondary">
        {t(isAdmin ? 'chatbot.systemIntroAdmin' : 'chatbot.systemIntro')}
      </Typography.Paragraph>
      {replies.isPending && <FullScreenLoader />}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {[...(replies.data ?? [])]
          .sort((a, b) => order(a) - order(b))
          .map((r) => (
            // a reply saved or set back to the default starts its form again from what was saved
            <SystemReplyCard key={`${r.name}:${r.updated_at}:${r.overridden}`} reply={r} isAdmin={isAdmin} />
          ))}
      </Space>
    </div>
  );
}
