import {
  MAX_ANSWERS_PER_LIVE,
  MAX_TRIGGERS,
  REPLY_PLACEHOLDERS,
  type TChatbotMessageBody,
  ZChatbotMessageBody,
} from '@livecart/contract/chatbot';
import { Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { bodyRule, showServerErrors } from '../../components/form/rules';
import { RemoteSearchSelect } from '../../components/RemoteSearchSelect';
import { useProduct } from '../inventory/api';
import {
  findProducts,
  productLabel,
  type TChatbotMessage,
  useChatbotMessage,
  useSaveChatbotMessage,
} from './api';
import type { ReplyExtras } from './preview';
import { ReplyTexts } from './ReplyTexts';

/** The custom reply form as antd holds it. */
interface ReplyFormValues {
  name: string;
  keywords: string[];
  message_fr: string;
  message_en: string;
  product_id: number | null;
  discount: number | null;
  max_answer_count: number | null;
  active: boolean;
}

const EMPTY: ReplyFormValues = {
  name: '',
  keywords: [],
  message_fr: '',
  message_en: '',
  product_id: null,
  discount: null,
  max_answer_count: null,
  active: true,
};

const valuesOf = (m: TChatbotMessage): ReplyFormValues => ({
  name: m.name,
  keywords: m.keywords,
  message_fr: m.message_fr,
  message_en: m.message_en,
  product_id: m.product?.id ?? null,
  discount: m.discount,
  max_answer_count: m.max_answer_count,
  active: m.active,
});

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** The body of POST chatbot from the form: texts trimmed, empty numbers as null. */
function toBody(v: Partial<ReplyFormValues>, id?: number): TChatbotMessageBody {
  return {
    ...(id && { id }),
    name: trimmed(v.name ?? '') as string,
    keywords: (v.keywords ?? []).map((k) => k.trim()),
    message_fr: trimmed(v.message_fr ?? '') as string,
    message_en: trimmed(v.message_en ?? '') as string,
    product_id: v.product_id ?? null,
    discount: v.discount ?? null,
    max_answer_count: v.max_answer_count ?? null,
    active: v.active ?? true,
  };
}

/** `keywords.2` (one trigger of the list) is shown under the triggers box. */
const inputOf = (field: string) => field.split('.')[0];

/** The product the preview shows: the reply's own, or the one just picked (its price fetched). */
function usePreviewProduct(productId: number | null, saved: TChatbotMessage['product']) {
  const picked = useProduct(productId !== null && productId !== saved?.id ? productId : undefined);
  if (productId === null) return null;
  if (productId === saved?.id) return saved;
  const p = picked.data;
  return p ? { name: p.name, price: p.price, keyword: p.keywords.split(',')[0]?.trim() ?? '' } : null;
}

function ReplyForm({ item, onClose }: { item?: TChatbotMessage; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReplyFormValues>();
  const save = useSaveChatbotMessage();
  const productId: number | null = Form.useWatch('product_id', form) ?? null;
  const discount: number | null = Form.useWatch('discount', form) ?? null;
  const extras: ReplyExtras = { product: usePreviewProduct(productId, item?.product ?? null), discount };

  const rule = (field: string) =>
    bodyRule(ZChatbotMessageBody, (v) => toBody(v as Partial<ReplyFormValues>, item?.id), field, t);

  const onFinish = (v: ReplyFormValues) =>
    save.mutate(toBody(v, item?.id), {
      onSuccess: () => {
        toast('success', t(item ? 'messages.recordUpdated' : 'messages.recordCreated'));
        onClose();
      },
      // what was typed stays in the form, each refusal under its field
      onError: (e) => {
        if (!showServerErrors(form, e, t, inputOf)) toast('error', errorText(t, e));
      },
    });

  return (
    <Form<ReplyFormValues>
      form={form}
      // its fields' ids apart from the filters' (`product_id`, `active`) on the page below
      name="reply"
      layout="vertical"
      initialValues={item ? valuesOf(item) : EMPTY}
      onFinish={onFinish}
      scrollToFirstError
      data-testid="reply-form"
    >
      <Row gutter={24}>
        <Col xs={24} md={16}>
          <Form.Item
            name="name"
            label={t('chatbot.name')}
            extra={t('chatbot.nameHint')}
            rules={[rule('name')]}
          >
            <Input maxLength={100} data-testid="reply-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="active" label={t('chatbot.activeLabel')} valuePropName="checked">
            <Switch data-testid="reply-active" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="keywords"
        label={t('chatbot.triggers')}
        extra={t('chatbot.triggersHint', { count: MAX_TRIGGERS })}
        rules={[rule('keywords')]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',']}
          open={false}
          suffixIcon={null}
          placeholder={t('chatbot.triggersPlaceholder')}
          data-testid="reply-keywords"
        />
      </Form.Item>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="product_id" label={t('chatbot.product')} extra={t('chatbot.productHint')}>
            <RemoteSearchSelect
              fetchOptions={findProducts}
              known={item?.product ? [{ value: item.product.id, label: productLabel(item.product) }] : []}
              placeholder={t('chatbot.productPlaceholder')}
              testId="reply-product"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="discount" label={t('chatbot.discount')} rules={[rule('discount')]}>
            <InputNumber
              min={1}
              max={100}
              precision={0}
              suffix="%"
              placeholder={t('chatbot.noDiscount')}
              style={{ width: '100%' }}
              data-testid="reply-discount"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="max_answer_count"
            label={t('chatbot.maxAnswers')}
            rules={[rule('max_answer_count')]}
          >
            <InputNumber
              min={1}
              max={MAX_ANSWERS_PER_LIVE}
              precision={0}
              placeholder={t('chatbot.noLimit')}
              style={{ width: '100%' }}
              data-testid="reply-max-answers"
            />
          </Form.Item>
        </Col>
      </Row>
      <ReplyTexts
        placeholders={REPLY_PLACEHOLDERS.users}
        extras={extras}
        rulesOf={(lang) => [rule(`message_${lang}`)]}
        testId="reply"
      />
      <Space className="drawer-form-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="reply-save">
          {t('common.save')}
        </Button>
        <Button onClick={onClose} data-testid="reply-cancel">
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

/** Writes a new custom reply (`editing` = 'new') or edits one (its id) in a drawer. */
export function ReplyDrawer({ editing, onClose }: { editing: number | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const id = typeof editing === 'number' ? editing : undefined;
  const reply = useChatbotMessage(id);
  return (
    <Drawer
      open={editing !== null}
      onClose={onClose}
      size={phone ? '100%' : 1000}
      title={editing === 'new' ? t('chatbot.newTitle') : t('chatbot.editTitle')}
      destroyOnHidden
      data-testid="reply-drawer"
    >
      {editing === null ? null : id !== undefined && !reply.data ? (
        <Skeleton active />
      ) : (
        <ReplyForm key={editing} item={id !== undefined ? reply.data : undefined} onClose={onClose} />
      )}
    </Drawer>
  );
}
