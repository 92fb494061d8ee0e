import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { MIN_LENGTH } from '@livecart/contract/constants';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, zSupportMessage } from '@livecart/contract/support';
import { charCount, zText } from '@livecart/contract/validation';
import { Button, Card, Form, Input, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { showServerErrors, zodRule } from '../../components/form/rules';
import { isApiError } from '../../lib/api';
import { checkScreenshot, type SupportInput, useFileSupport } from './api';

interface Values {
  subject: string;
  message: string;
}

/** At most SUPPORT_MESSAGE_MAX characters typed or pasted, counted as the server counts them. */
const MESSAGE_COUNT = {
  max: SUPPORT_MESSAGE_MAX,
  strategy: charCount,
  exceedFormatter: (value: string, { max }: { max: number }) => [...value].slice(0, max).join(''),
};

/** Spaces at either end are not part of a request: they are dropped before checking and sending. */
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/**
 * The seller's help request: a subject, a message of at least 50 characters (SPEC §5, counted as
 * it is typed) and an optional screenshot, checked here before sending (type, 5 MB) and shown as
 * a preview. The server checks all of it again.
 */
export function SupportForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const send = useFileSupport();
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  // the server's word on the screenshot (judged by its content there), shown under it
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  const choose = (file: File | null) => {
    setScreenshot(file);
    setScreenshotError(null);
  };
  const message = (Form.useWatch('message', form) ?? '') as string;
  // characters as the server counts them: an emoji is one
  const length = charCount(message.trim());

  useEffect(() => {
    if (!screenshot) return setPreview(null);
    const url = URL.createObjectURL(screenshot);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [screenshot]);

  const submit = (values: Values) => {
    const input: SupportInput = {
      subject: values.subject.trim(),
      message: values.message.trim(),
      screenshot,
    };
    send.mutate(input, {
      onSuccess: () => {
        toast('success', t('support.sent'));
        form.resetFields();
        choose(null);
        setTried(false);
      },
      onError: (e) => {
        setTried(true);
        showServerErrors(form, e, t);
        const code = isApiError(e) ? e.fields?.screenshot : undefined;
        if (code) setScreenshotError(fieldText(t, code));
        toast('error', errorText(t, e));
      },
    });
  };

  const short = length < MIN_LENGTH.support;
  return (
    <Card title={t('support.newRequest')} data-testid="support-form-card">
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        onFinishFailed={() => setTried(true)}
        // checked when a field is left, then as it is typed once a send was refused
        validateTrigger={tried ? 'onChange' : 'onBlur'}
        data-testid="support-form"
      >
        <Form.Item
          name="subject"
          label={t('support.subject')}
          required
          rules={[zodRule({ safeParse: (v) => zText(1, SUPPORT_SUBJECT_MAX).safeParse(trimmed(v)) }, t)]}
        >
          <Input
            maxLength={SUPPORT_SUBJECT_MAX}
            placeholder={t('support.subjectPlaceholder')}
            data-testid="support-subject"
          />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('support.message')}
          required
          rules={[zodRule({ safeParse: (v) => zSupportMessage().safeParse(trimmed(v) ?? '') }, t)]}
          extra={
            <Typography.Text
              type={short ? 'secondary' : 'success'}
              data-testid="support-count"
              aria-live="polite"
            >
              {short
                ? t('support.countShort', { n: length, min: MIN_LENGTH.support })
                : t('support.countOk', { n: length, max: SUPPORT_MESSAGE_MAX })}
            </Typography.Text>
          }
        >
          <Input.TextArea
            rows={6}
            count={MESSAGE_COUNT}
            placeholder={t('support.messagePlaceholder')}
            data-testid="support-message-input"
          />
        </Form.Item>
        <Form.Item
          label={t('support.screenshot')}
          extra={t('support.screenshotHint')}
          validateStatus={screenshotError ? 'error' : undefined}
          help={screenshotError ?? undefined}
        >
          {screenshot && preview ? (
            <Space align="start" wrap className="support-preview">
              <img
                src={preview}
                alt={t('support.screenshotPreview')}
                data-testid="support-screenshot-preview"
              />
              <Space orientation="vertical" size={4}>
                <Typography.Text className="support-file-name">{screenshot.name}</Typography.Text>
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => choose(null)}
                  data-testid="support-screenshot-remove"
                >
                  {t('support.removeScreenshot')}
                </Button>
              </Space>
            </Space>
          ) : (
            <Upload
              accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                const problem = checkScreenshot(file);
                if (problem) toast('error', t(`errors.${problem}`));
                else choose(file);
                return false;
              }}
            >
              <Button icon={<PaperClipOutlined />} data-testid="support-screenshot">
                {t('support.addScreenshot')}
              </Button>
            </Upload>
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="support-submit">
          {t('support.send')}
        </Button>
      </Form>
    </Card>
  );
}
