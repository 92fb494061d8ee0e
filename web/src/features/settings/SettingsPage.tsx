import { LOCALES, type TLocale } from '@livecart/contract/constants';
import { zCartDuration } from '@livecart/contract/validation';
import { Button, Card, Form, InputNumber, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { showServerErrors, zodRule } from '../../components/form/rules';
import { useShopSettings, useUpdateSettings } from './api';
import { LegalDocuments } from './LegalDocuments';

interface FormValues {
  shop_locale: TLocale;
  cart_duration: number | null;
}

/**
 * /settings (seller, "Cart duration" in the settings menu): the shop's language — what its
 * shoppers receive: private replies, checkout link, e-mails, invoices — and the cart duration new
 * live sessions start with; the legal documents the checkout links.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const settings = useShopSettings();
  const save = useUpdateSettings();

  useEffect(() => {
    if (settings.data) {
      form.setFieldsValue({
        shop_locale: settings.data.shop_locale,
        cart_duration: settings.data.cart_duration,
      });
    }
  }, [settings.data, form]);

  // /settings#legal (the first-live checklist) opens at the legal documents
  const { hash } = useLocation();
  const loaded = settings.data !== undefined;
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);

  if (settings.isPending) return <FullScreenLoader />;

  const onFinish = (v: FormValues) =>
    save.mutate(
      { shop_locale: v.shop_locale, cart_duration: Number(v.cart_duration) },
      {
        onSuccess: () => toast('success', t('settings.saved')),
        onError: (e) => {
          showServerErrors(form, e, t);
          toast('error', errorText(t, e));
        },
      },
    );

  return (
    <div data-testid="settings-page" style={{ maxWidth: 760 }}>
      <Typography.Title level={1}>{t('settings.title')}</Typography.Title>
      <Form<FormValues> form={form} layout="vertical" onFinish={onFinish} data-testid="settings-form">
        <Card title={t('settings.shopLocale')} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('settings.shopLocaleHelp')}</Typography.Paragraph>
          <Form.Item name="shop_locale" label={t('settings.shopLocaleLabel')} style={{ marginBottom: 8 }}>
            <Radio.Group
              options={LOCALES.map((l) => ({ value: l, label: t(`settings.languages.${l}`) }))}
              data-testid="settings-shop-locale"
            />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('settings.shopLocaleNote')}
          </Typography.Paragraph>
        </Card>
        <Card title={t('settings.cartDuration')} style={{ marginBottom: 16 }}>
          <Form.Item
            name="cart_duration"
            label={t('settings.cartDurationLabel')}
            extra={t('settings.cartDurationHint')}
            rules={[{ required: true, message: t('fields.required') }, zodRule(zCartDuration(), t)]}
          >
            <InputNumber style={{ width: 200 }} data-testid="settings-cart-duration" />
          </Form.Item>
        </Card>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
          {t('common.save')}
        </Button>
      </Form>
      {settings.data && (
        <div style={{ marginTop: 24 }}>
          <LegalDocuments settings={settings.data} />
        </div>
      )}
    </div>
  );
}
