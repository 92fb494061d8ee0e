import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleLink, useLocale } from '../../app/useLocale';
import { showServerErrors, useRules } from '../../components/form/rules';
import { AuthCard } from './AuthCard';
import { useRestorePassword } from './api';
import { emailOf } from './callback';

/**
 * /forgot-password: e-mails a link to choose a new password. The answer is the same whether the
 * address has an account or not ("if an account exists, a link has been sent"), so this page
 * never tells anyone who has an account.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<{ email: string }>();
  const restore = useRestorePassword(useLocale());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const knownEmail = emailOf(useLocation().state);

  if (sentTo) {
    return (
      <AuthCard title={t('auth.forgot.title')} testId="forgot-done">
        <Result
          status="info"
          icon={<MailOutlined />}
          title={t('auth.forgot.sentTitle')}
          subTitle={
            <>
              <span data-testid="forgot-sent">{t('auth.forgot.sent')}</span>
              <br />
              <strong data-testid="forgot-sent-to">{sentTo}</strong>
              <br />
              {t('auth.forgot.sentHint')}
            </>
          }
          extra={
            <LocaleLink to="/signin" state={{ email: sentTo }} data-testid="forgot-to-signin">
              {t('auth.signUp.toSignIn')}
            </LocaleLink>
          }
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
        initialValues={{ email: knownEmail }}
        onFinish={(v) => {
          const email = v.email.trim();
          restore.mutate(
            { email },
            { onSuccess: () => setSentTo(email), onError: (e) => showServerErrors(form, e, t) },
          );
        }}
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
