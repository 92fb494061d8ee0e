import { ExperimentOutlined } from '@ant-design/icons';
import { SHOP_PLATFORMS, type TShopCreate, type TShopPlatform, ZShopCreate } from '@livecart/contract/shops';
import { Alert, Button, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { zodRule } from '../../components/form/rules';
import { useCreateShop, useShopSandbox } from './api';
import { serverFields } from './fieldErrors';

const FORM_FIELDS = ['platform', 'url', 'key', 'secret'] as const;

const URL_EXAMPLE: Record<TShopPlatform, string> = {
  shopify: 'https://boutique.myshopify.com',
  woocommerce: 'https://boutique.fr',
};

export interface ShopConnectModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Connects a Shopify or WooCommerce shop: the platform (with where its credentials are found), the
 * shop's address, its key and secret. The server tries them before it keeps them; its refusals
 * show under their fields, an unreachable shop above the buttons. A development server offers its
 * demo shops, one button each, that fill the form.
 */
export function ShopConnectModal({ open, onClose }: ShopConnectModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TShopCreate>();
  const platform = (Form.useWatch('platform', form) ?? 'shopify') as TShopPlatform;
  const create = useCreateShop();
  const sandbox = useShopSandbox(open);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const submit = (values: TShopCreate) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: (r) => {
        toast('success', t('shopSync.connect.connected', { name: r.item.name }));
        close();
      },
      onError: (e) => {
        const fields = Object.entries(serverFields(t, e)).filter(([name]) =>
          (FORM_FIELDS as readonly string[]).includes(name),
        );
        if (fields.length) form.setFields(fields.map(([name, text]) => ({ name, errors: [text] }) as never));
        else setFailure(errorText(t, e));
      },
    });
  };

  const demoShops = sandbox.data?.shops ?? [];
  const demoId = (p: TShopPlatform, i: number) =>
    demoShops.filter((s) => s.platform === p).length > 1 ? `shop-sandbox-${p}-${i}` : `shop-sandbox-${p}`;

  return (
    <Modal
      open={open}
      title={t('shopSync.connect.title')}
      onCancel={close}
      destroyOnHidden
      width={640}
      footer={
        <Space wrap>
          <Button onClick={close} data-testid="shop-connect-cancel">
            {t('shopSync.connect.cancel')}
          </Button>
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => form.submit()}
            data-testid="shop-connect-submit"
          >
            {t('shopSync.connect.submit')}
          </Button>
        </Space>
      }
    >
      {demoShops.length > 0 && (
        <div style={{ marginBottom: 16 }} data-testid="shop-sandbox">
          <Alert type="info" showIcon icon={<ExperimentOutlined />} title={t('shopSync.connect.sandbox')} />
          <Space wrap size={8} style={{ marginTop: 8 }}>
            {demoShops.map((s, i) => (
              <Button
                key={`${s.platform}-${s.url}`}
                size="small"
                // the platform's name in the label may not fit a phone's width on one line
                style={{ whiteSpace: 'normal', height: 'auto', maxWidth: '100%' }}
                onClick={() => {
                  setFailure(null);
                  form.setFields(FORM_FIELDS.map((name) => ({ name, value: s[name], errors: [] })) as never);
                }}
                data-testid={demoId(s.platform, i)}
              >
                {t('shopSync.connect.useSandbox', { platform: t(`shopSync.platform.${s.platform}`) })}
              </Button>
            ))}
          </Space>
        </div>
      )}
      <Form<TShopCreate>
        form={form}
        layout="vertical"
        initialValues={{ platform: 'shopify' }}
        onFinish={submit}
        onValuesChange={() => setFailure(null)}
        data-testid="shop-connect-form"
      >
        <Form.Item name="platform" label={t('shopSync.connect.platform')}>
          <Radio.Group data-testid="shop-platform">
            {SHOP_PLATFORMS.map((p) => (
              <Radio key={p} value={p} data-testid={`shop-platform-${p}`}>
                {t(`shopSync.platform.${p}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="shop-platform-help">
          {t(platform === 'shopify' ? 'shopSync.connect.shopifyHelp' : 'shopSync.connect.woocommerceHelp')}
        </Typography.Paragraph>
        <Form.Item
          name="url"
          label={t('shopSync.connect.url')}
          extra={t('shopSync.connect.urlHelp', { example: URL_EXAMPLE[platform] })}
          rules={[zodRule(ZShopCreate.shape.url, t)]}
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={URL_EXAMPLE[platform]}
            data-testid="shop-url"
          />
        </Form.Item>
        <Form.Item
          name="key"
          label={t(
            platform === 'shopify' ? 'shopSync.connect.shopifyKey' : 'shopSync.connect.woocommerceKey',
          )}
          rules={[zodRule(ZShopCreate.shape.key, t)]}
        >
          <Input.Password autoComplete="off" data-testid="shop-key" />
        </Form.Item>
        <Form.Item
          name="secret"
          label={t(
            platform === 'shopify' ? 'shopSync.connect.shopifySecret' : 'shopSync.connect.woocommerceSecret',
          )}
          rules={[zodRule(ZShopCreate.shape.secret, t)]}
        >
          <Input.Password autoComplete="off" data-testid="shop-secret" />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} data-testid="shop-connect-error" />}
      </Form>
    </Modal>
  );
}
