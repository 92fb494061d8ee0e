import { ExclamationCircleFilled } from '@ant-design/icons';
import { REPLY_TEXT_MAX, renderReply, type TPlaceholder } from '@livecart/contract/chatbot';
import { Button, Col, Form, Input, Row, Space, Tabs, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../app/useIsPhone';
import { messageField, previewValues, REPLY_LANGS, type ReplyExtras, type ReplyLang } from './preview';

/** The placeholders a text may hold, as buttons that insert `{name}` where the cursor is. */
function PlaceholderChips({
  placeholders,
  lang,
  onInsert,
  testId,
}: {
  placeholders: readonly TPlaceholder[];
  lang: ReplyLang;
  onInsert: (placeholder: TPlaceholder) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = t(`chatbot.langIn.${lang}`);
  return (
    <fieldset className="placeholder-chips" data-testid={`${testId}-placeholders`}>
      <legend>{t('chatbot.placeholdersLegend', { language })}</legend>
      <Space size={[4, 4]} wrap>
        {placeholders.map((p) => (
          <Button
            key={p}
            size="small"
            shape="round"
            title={t(`chatbot.placeholder.${p}`)}
            onClick={() => onInsert(p)}
            aria-label={t('chatbot.insertPlaceholder', {
              placeholder: `{${p}}`,
              what: t(`chatbot.placeholder.${p}`),
              language,
            })}
            data-testid={`${testId}-insert-${p}`}
          >
            {`{${p}}`}
          </Button>
        ))}
      </Space>
    </fieldset>
  );
}

/** The message as a viewer would get it, with example values for its placeholders. */
export function ReplyPreview({
  text,
  lang,
  extras,
  testId,
}: {
  text: string;
  lang: ReplyLang;
  extras?: ReplyExtras;
  testId: string;
}) {
  const { t } = useTranslation();
  const rendered = renderReply(text, previewValues(lang, extras));
  return (
    <figure className="reply-preview">
      <figcaption>{t('chatbot.previewIn', { language: t(`chatbot.langIn.${lang}`) })}</figcaption>
      <div className="reply-bubble" lang={lang} data-testid={testId}>
        {rendered || <Typography.Text type="secondary">{t('chatbot.previewEmpty')}</Typography.Text>}
      </div>
    </figure>
  );
}

interface TextEditorProps {
  lang: ReplyLang;
  placeholders: readonly TPlaceholder[];
  extras?: ReplyExtras;
  rules: Rule[];
  testId: string;
  /** On a phone the tab names the text: the box is named for screen readers only. */
  hiddenLabel?: boolean;
}

/** One language's text: the box with its character count, the placeholders, the preview. */
function TextEditor({ lang, placeholders, extras, rules, testId, hiddenLabel }: TextEditorProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const name = messageField(lang);
  const text: string = Form.useWatch(name, form) ?? '';
  const ref = useRef<TextAreaRef>(null);

  const insert = (placeholder: TPlaceholder) => {
    const area = ref.current?.resizableTextArea?.textArea;
    const current: string = form.getFieldValue(name) ?? '';
    const start = area?.selectionStart ?? current.length;
    const end = area?.selectionEnd ?? start;
    const token = `{${placeholder}}`;
    form.setFieldValue(name, current.slice(0, start) + token + current.slice(end));
    if (form.getFieldError(name).length > 0) void form.validateFields([name]);
    // back in the text, the cursor after what was inserted, ready to type on
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const label = t(`chatbot.text.${lang}`);
  return (
    <div className="reply-editor">
      <Form.Item
        name={name}
        label={hiddenLabel ? undefined : label}
        rules={rules}
        validateTrigger={['onChange', 'onBlur']}
      >
        <Input.TextArea
          ref={ref}
          lang={lang}
          aria-label={hiddenLabel ? label : undefined}
          rows={3}
          className="reply-text"
          showCount
          maxLength={REPLY_TEXT_MAX}
          data-testid={`${testId}-${name}`}
        />
      </Form.Item>
      <PlaceholderChips
        placeholders={placeholders}
        lang={lang}
        onInsert={insert}
        testId={`${testId}-${lang}`}
      />
      <ReplyPreview text={text} lang={lang} extras={extras} testId={`${testId}-preview-${lang}`} />
    </div>
  );
}

/** A phone tab's title, marked when its text has an error the other tab would hide. */
function TabTitle({ lang }: { lang: ReplyLang }) {
  const { t } = useTranslation();
  const name = messageField(lang);
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldError }) => {
        const failed = getFieldError(name).length > 0;
        return (
          <span data-testid={`reply-tab-${lang}`} className={failed ? 'reply-tab-error' : undefined}>
            {t(`chatbot.lang.${lang}`)}
            {failed && (
              <>
                {' '}
                <ExclamationCircleFilled aria-hidden />
                <span className="visually-hidden">{t('chatbot.tabHasError')}</span>
              </>
            )}
          </span>
        );
      }}
    </Form.Item>
  );
}

/**
 * The French and English texts of a reply, in the form around it (`message_fr`, `message_en`):
 * side by side on a wide screen, in tabs on a phone, each with its character count, the
 * placeholders it may hold (inserted where the cursor is) and a live preview.
 */
export function ReplyTexts({
  placeholders,
  extras,
  rulesOf,
  testId,
}: {
  placeholders: readonly TPlaceholder[];
  extras?: ReplyExtras;
  rulesOf: (lang: ReplyLang) => Rule[];
  testId: string;
}) {
  const phone = useIsPhone();
  const editor = (lang: ReplyLang) => (
    <TextEditor
      lang={lang}
      placeholders={placeholders}
      extras={extras}
      rules={rulesOf(lang)}
      testId={testId}
      hiddenLabel={phone}
    />
  );
  if (phone) {
    return (
      <Tabs
        size="small"
        items={REPLY_LANGS.map((lang) => ({
          key: lang,
          label: <TabTitle lang={lang} />,
          forceRender: true,
          children: editor(lang),
        }))}
      />
    );
  }
  return (
    <Row gutter={24}>
      {REPLY_LANGS.map((lang) => (
        <Col key={lang} xs={24} lg={12}>
          {editor(lang)}
        </Col>
      ))}
    </Row>
  );
}
