import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale } from '../../app/useLocale';
import { showServerErrors, useRules } from '../../components/form/rules';
import { AuthCard } from './AuthCard';
import { useRestorePassword } from './api';

/** /forgot-password: e-mails a link to choose a new password. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<{ email: string }>();
  const restore = useRestorePassword(useLocale());
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <AuthCard title={t('auth.forgot.title')} testId="forgot-done">
        <Result
          status="success"
          title={t('auth.forgot.sent')}
          extra={<LocaleLink to="/signin">{t('auth.signUp.toSignIn')}</LocaleLink>}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.title')} testId="forgot-page">
      <p>{t('auth.forgot.intro')}</p>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          restore.mutate(v, { onSuccess: () => setSent(true), onError: (e) => showServerErrors(form, e, t) })
        }
      >
        <Form.Item name="email" label={t('auth.email')} rules={rules.email}>
          <Input inputMode="email" autoComplete="email" data-testid="forgot-email" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={restore.isPending}
          data-testid="forgot-submit"
        >
          {t('auth.forgot.submit')}
        </Button>
      </Form>
      <p className="auth-alt">
        <LocaleLink to="/signin">{t('auth.signUp.toSignIn')}</LocaleLink>
      </p>
    </AuthCard>
  );
}
