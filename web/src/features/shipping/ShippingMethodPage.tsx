import { UploadOutlined } from '@ant-design/icons';
import { SHIPPING_LOGO_MAX_BYTES } from '@livecart/contract/shipping';
import { zText } from '@livecart/contract/validation';
import { Button, Card, Form, Input, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useLocalePath } from '../../app/useLocale';
import { ButtonLink } from '../../components/ButtonLink';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { showServerErrors, zodRule } from '../../components/form/rules';
import { useSaveShippingMethod, useShippingMethod } from './api';
import { MethodLogo } from './ShippingListPage';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const LOGO_EXTENSIONS = /\.(png|jpe?g|webp|svg)$/i;

/** Why a logo file is refused before sending it (type, then size), or null. */
export function logoProblem(file: File): 'image_only' | 'file_too_large' | null {
  const typeOk = LOGO_TYPES.includes(file.type) || (!file.type && LOGO_EXTENSIONS.test(file.name));
  if (!typeOk) return 'image_only';
  if (file.size > SHIPPING_LOGO_MAX_BYTES) return 'file_too_large';
  return null;
}

interface FormValues {
  name: string;
}

/**
 * /shipping/add-method and /shipping/edit/:id (admin): a catalogue method's name and logo
 * (PNG, JPG, WebP or SVG, 1 MB at most, checked here before sending and again by the server).
 */
export default function ShippingMethodPage() {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const id = rawId ? Number(rawId) : undefined;
  const navigate = useNavigate();
  const lp = useLocalePath();
  const [form] = Form.useForm<FormValues>();
  const method = useShippingMethod(id);
  const save = useSaveShippingMethod();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);

  useEffect(() => {
    if (method.data) form.setFieldsValue({ name: method.data.name });
  }, [method.data, form]);

  if (id !== undefined && method.isPending) return <FullScreenLoader />;

  const onFinish = (v: FormValues) => {
    if (logoError) return;
    save.mutate(
      { id, name: v.name.trim(), logo },
      {
        onSuccess: () => {
          toast('success', t(id ? 'shipping.updated' : 'shipping.created'));
          navigate(lp('/shipping/list'));
        },
        onError: (e) => {
          showServerErrors(form, e, t);
          toast('error', errorText(t, e));
        },
      },
    );
  };

  return (
    <div data-testid="shipping-method-page" style={{ maxWidth: 640 }}>
      <Typography.Title level={1}>{t(id ? 'shipping.editTitle' : 'shipping.addTitle')}</Typography.Title>
      <Card>
        <Form<FormValues>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          data-testid="shipping-method-form"
        >
          <Form.Item
            name="name"
            label={t('shipping.name')}
            rules={[{ required: true, message: t('fields.required') }, zodRule(zText(1, 100), t)]}
          >
            <Input maxLength={100} data-testid="shipping-name" />
          </Form.Item>
          <Form.Item
            label={t('shipping.logo')}
            extra={t('shipping.logoHint')}
            validateStatus={logoError ? 'error' : undefined}
            help={logoError ?? undefined}
          >
            <Space align="center" wrap>
              {(logo || method.data) && (
                <MethodLogo
                  method={{
                    name: form.getFieldValue('name') || method.data?.name || '?',
                    logo: logo ? null : (method.data?.logo ?? null),
                  }}
                />
              )}
              <span data-testid="shipping-logo">
                <Upload
                  accept=".png,.jpg,.jpeg,.webp,.svg,image/png,image/jpeg,image/webp,image/svg+xml"
                  maxCount={1}
                  showUploadList={false}
                  beforeUpload={(file) => {
                    const problem = logoProblem(file);
                    setLogoError(problem ? t(`fields.${problem}`) : null);
                    setLogo(problem ? null : file);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />}>{t('shipping.chooseLogo')}</Button>
                </Upload>
              </span>
              {logo && <Typography.Text data-testid="shipping-logo-name">{logo.name}</Typography.Text>}
            </Space>
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="shipping-save">
              {t('common.save')}
            </Button>
            <ButtonLink to="/shipping/list" data-testid="shipping-back">
              {t('shipping.cancel')}
            </ButtonLink>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
