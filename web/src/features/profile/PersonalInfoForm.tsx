import { needsEmail } from '@livecart/contract/email';
import { ZProfileBody } from '@livecart/contract/profile';
import type { TCurrentUser } from '@livecart/contract/user';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showServerErrors, useRules, zodRule } from '../../components/form/rules';
import type { TProfileInput } from './api';

export interface PersonalInfoFormProps {
  user: TCurrentUser;
  isSeller: boolean;
  submitting: boolean;
  onSubmit: (values: TProfileInput) => Promise<unknown>;
}

/**
 * First and last name, phone, and for sellers the company name, registration and VAT numbers (on
 * their invoices); an e-mail when none is valid.
 */
export function PersonalInfoForm({ user, isSeller, submitting, onSubmit }: PersonalInfoFormProps) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<TProfileInput>();
  const askEmail = needsEmail(user);

  const onFinish = (v: TProfileInput) => {
    const body: TProfileInput = {
      first_name: v.first_name,
      last_name: v.last_name,
      phone: v.phone || null,
      company_name: isSeller ? v.company_name || null : (user.company_name ?? null),
      tax_id: isSeller ? v.tax_id || null : (user.tax_id ?? null),
      vat_number: isSeller ? v.vat_number || null : (user.vat_number ?? null),
    };
    if (askEmail && v.email) body.email = v.email;
    onSubmit(body).catch((e) => showServerErrors(form, e, t));
  };

  return (
    <Form<TProfileInput>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={{
        first_name: user.first_name ?? '',
        last_name: user.last_name ?? '',
        phone: user.phone ?? '',
        company_name: user.company_name ?? '',
        tax_id: user.tax_id ?? '',
        vat_number: user.vat_number ?? '',
      }}
      data-testid="profile-form"
    >
      {askEmail ? (
        <Form.Item name="email" label={t('auth.email')} rules={rules.email} required>
          <Input inputMode="email" autoComplete="email" data-testid="profile-email" />
        </Form.Item>
      ) : (
        // read-only rather than disabled: shown at full contrast, and it can be copied
        <Form.Item label={t('auth.email')} htmlFor="profile-email">
          <Input
            id="profile-email"
            value={user.email ?? user.email_real ?? ''}
            readOnly
            variant="filled"
            data-testid="profile-email"
          />
        </Form.Item>
      )}
      <Form.Item name="first_name" label={t('profile.firstName')} rules={rules.name} required>
        <Input autoComplete="given-name" data-testid="profile-first-name" />
      </Form.Item>
      <Form.Item name="last_name" label={t('profile.lastName')} rules={rules.name} required>
        <Input autoComplete="family-name" data-testid="profile-last-name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('profile.phone')}
        rules={isSeller ? rules.phone : rules.optionalPhone}
        required={isSeller}
      >
        <Input type="tel" autoComplete="tel" data-testid="profile-phone" />
      </Form.Item>
      {isSeller && (
        <Form.Item name="company_name" label={t('profile.company')} rules={rules.text(1, 150)} required>
          <Input autoComplete="organization" data-testid="profile-company" />
        </Form.Item>
      )}
      {isSeller && (
        <Form.Item
          name="tax_id"
          label={t('profile.taxId')}
          extra={t('profile.taxIdHint')}
          rules={rules.text(1, 50)}
          required
        >
          <Input data-testid="profile-tax-id" />
        </Form.Item>
      )}
      {isSeller && (
        <Form.Item
          name="vat_number"
          label={t('profile.vat')}
          extra={t('profile.vatHint')}
          rules={[zodRule(ZProfileBody.shape.vat_number, t, { optional: true })]}
        >
          <Input data-testid="profile-vat" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="profile-submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}
