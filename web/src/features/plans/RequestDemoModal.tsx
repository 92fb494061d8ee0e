import type { TCurrentUser } from '@livecart/contract/user';
import { Alert, type ButtonProps, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/useLocale';
import { showServerErrors, useRules } from '../../components/form/rules';
import { useRequestDemo } from './api';

interface DemoForm {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string;
  company_name: string;
  message?: string;
}

/** "Request a demo" for the plan on request (Platinum): a short form sent to the team. */
export function RequestDemoModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: TCurrentUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rules = useRules();
  const [form] = Form.useForm<DemoForm>();
  const send = useRequestDemo(locale);
  const [sent, setSent] = useState(false);

  const submit = (values: DemoForm) =>
    send.mutate(
      { ...values, phone: values.phone || undefined, message: values.message || undefined },
      { onSuccess: () => setSent(true), onError: (e) => showServerErrors(form, e, t) },
    );
  const close = () => {
    setSent(false);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('pricing.demo.title')}
      onCancel={close}
      onOk={sent ? close : () => form.submit()}
      okText={sent ? t('pricing.demo.close') : t('pricing.demo.send')}
      okButtonProps={{ loading: send.isPending, 'data-testid': 'demo-submit' } as ButtonProps}
      cancelButtonProps={{ style: sent ? { display: 'none' } : undefined }}
      cancelText={t('common.cancel')}
      destroyOnHidden
      data-testid="demo-modal"
    >
      {sent ? (
        <Alert type="success" showIcon title={t('pricing.demo.sent')} data-testid="demo-sent" />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            first_name: user?.first_name ?? '',
            last_name: user?.last_name ?? '',
            email: user?.email ?? '',
            phone: user?.phone ?? '',
            company_name: user?.company_name ?? '',
          }}
        >
          <Form.Item name="first_name" label={t('pricing.demo.firstName')} rules={rules.name}>
            <Input data-testid="demo-first-name" autoComplete="given-name" />
          </Form.Item>
          <Form.Item name="last_name" label={t('pricing.demo.lastName')} rules={rules.name}>
            <Input data-testid="demo-last-name" autoComplete="family-name" />
          </Form.Item>
          <Form.Item name="email" label={t('pricing.demo.email')} rules={rules.email}>
            <Input data-testid="demo-email" type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item name="phone" label={t('pricing.demo.phone')} rules={rules.optionalPhone}>
            <Input data-testid="demo-phone" autoComplete="tel" />
          </Form.Item>
          <Form.Item name="company_name" label={t('pricing.demo.company')} rules={rules.text(1, 150)}>
            <Input data-testid="demo-company" autoComplete="organization" />
          </Form.Item>
          <Form.Item name="message" label={t('pricing.demo.message')} rules={rules.optionalText(2000)}>
            <Input.TextArea data-testid="demo-message" rows={3} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
