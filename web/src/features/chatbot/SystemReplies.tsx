import { EditOutlined, LockOutlined, UndoOutlined } from '@ant-design/icons';
import { SYSTEM_REPLIES, type TSystemReplyBody, ZSystemReplyBody } from '@livecart/contract/chatbot';
import { App, Button, type ButtonProps, Card, Col, Form, Row, Space, Switch, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useLocale } from '../../app/useLocale';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { bodyRule, showServerErrors } from '../../components/form/rules';
import { type TSystemReplyItem, useSaveSystemReply, useSystemReplies } from './api';
import { REPLY_LANGS } from './preview';
import { ReplyPreview, ReplyTexts } from './ReplyTexts';

interface TextsFormValues {
  message_fr: string;
  message_en: string;
}

const toBody = (
  reply: TSystemReplyItem,
  v: Partial<TextsFormValues>,
  active = reply.active,
): TSystemReplyBody => ({
  name: reply.name,
  message_fr: (v.message_fr ?? '').trim(),
  message_en: (v.message_en ?? '').trim(),
  active,
});

/** The texts of one reply in their editors; saved, or left as they were. */
function TextsEditor({ reply, onDone }: { reply: TSystemReplyItem; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TextsFormValues>();
  const save = useSaveSystemReply();
  const testId = `system-${reply.name}`;
  const rule = (field: string) =>
    bodyRule(ZSystemReplyBody, (v) => toBody(reply, v as Partial<TextsFormValues>), field, t);

  const onFinish = (v: TextsFormValues) =>
    save.mutate(toBody(reply, v), {
      onSuccess: () => {
        toast('success', t('messages.scenarioUpdated'));
        onDone();
      },
      // what was typed stays, each refusal under its text
      onError: (e) => {
        if (!showServerErrors(form, e, t)) toast('error', errorText(t, e));
      },
    });

  return (
    <Form<TextsFormValues>
      form={form}
      name={testId}
      layout="vertical"
      initialValues={{ message_fr: reply.message_fr, message_en: reply.message_en }}
      onFinish={onFinish}
    >
      <ReplyTexts
        placeholders={reply.placeholders}
        rulesOf={(lang) => [rule(`message_${lang}`)]}
        testId={testId}
      />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`${testId}-save`}>
          {t('common.save')}
        </Button>
        <Button onClick={onDone} data-testid={`${testId}-cancel`}>
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * One event's reply: when it is sent, whether it is, the message in both languages as a viewer
 * gets it; its texts open in editors with their placeholders, or go back to the platform's.
 */
function SystemReplyCard({ reply, isAdmin }: { reply: TSystemReplyItem; isAdmin: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { modal } = App.useApp();
  const save = useSaveSystemReply();
  const [editing, setEditing] = useState(false);
  const switchId = useId();
  const hintId = useId();
  const { name, mandatory } = reply;
  const testId = `system-${name}`;
  const title = t(`chatbot.event.${name}.title`);

  const toggle = (active: boolean) =>
    save.mutate(toBody(reply, reply, active), {
      onSuccess: () => toast('success', t('messages.scenarioUpdated')),
      onError: (e) => toast('error', errorText(t, e)),
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
        save.mutateAsync({ name, reset: true }).then(
          () => {
            setEditing(false);
            toast('success', t('messages.scenarioUpdated'));
          },
          (e: unknown) => toast('error', errorText(t, e)),
        ),
    });

  return (
    <Card size="small" title={<h2 className="plain-heading">{title}</h2>} data-testid={testId}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t(`chatbot.event.${name}.when`)}
      </Typography.Paragraph>
      <div className="system-reply-state">
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
        <Space size={8}>
          <label htmlFor={switchId}>{t('chatbot.sentLabel')}</label>
          <Switch
            id={switchId}
            checked={reply.active}
            disabled={mandatory}
            loading={save.isPending && !save.variables?.reset}
            onChange={toggle}
            aria-describedby={mandatory ? hintId : undefined}
            data-testid={`${testId}-active`}
          />
        </Space>
      </div>
      {mandatory && (
        <Typography.Paragraph type="secondary" id={hintId} className="system-reply-hint">
          {t('chatbot.mandatoryHint')}
        </Typography.Paragraph>
      )}
      {editing ? (
        <TextsEditor reply={reply} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Row gutter={24}>
            {REPLY_LANGS.map((lang) => (
              <Col key={lang} xs={24} lg={12}>
                <ReplyPreview
                  text={lang === 'en' ? reply.message_en : reply.message_fr}
                  lang={lang}
                  testId={`${testId}-preview-${lang}`}
                />
              </Col>
            ))}
          </Row>
          <Space wrap>
            <Button
              icon={<EditOutlined />}
              onClick={() => setEditing(true)}
              aria-label={t('chatbot.editTextsOf', { title })}
              data-testid={`${testId}-edit`}
            >
              {t('chatbot.editTexts')}
            </Button>
            {reply.overridden && (
              <Button icon={<UndoOutlined />} onClick={confirmReset} data-testid={`${testId}-reset`}>
                {t('chatbot.reset')}
              </Button>
            )}
          </Space>
        </>
      )}
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
            <SystemReplyCard key={r.name} reply={r} isAdmin={isAdmin} />
          ))}
      </Space>
    </div>
  );
}
