import type { TSetPasswordBody } from '@livecart/contract/auth';
import { Button, Checkbox, Form, Input, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../app/notify';
import { LocaleLink, useLocalePath } from '../../app/useLocale';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { showServerErrors, useRules } from '../../components/form/rules';
import { readPendingCheckout } from '../checkout/pending';
import { ReturnToCheckoutNotice } from '../checkout/ReturnToCheckout';
import { AuthCard } from './AuthCard';
import { useEmailedLink, useSetPassword } from './api';
import { WELCOME_STATE } from './welcome';

type SetPasswordForm = Omit<TSetPasswordBody, 'token'>;

/**
 * /verify-email (complete the profile and create a password) and /restore-password (choose a new
 * one), both from an e-mailed `?token=`. Success signs the user in: a newcomer lands on their
 * dashboard with a welcome (a seller on the free trial), someone who restored their password on
 * their dashboard; a shopper who left a checkout to sign up goes back to it.
 */
export default function SetPasswordPage({ mode }: { mode: 'verify' | 'restore' }) {
  const { t } = useTranslation();
  const rules = useRules();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token');
  const [form] = Form.useForm<SetPasswordForm>();
  const setPassword = useSetPassword();
  const link = useEmailedLink(token);
  const [backToCheckout, setBackToCheckout] = useState<string | null>(null);
  const title = mode === 'verify' ? t('auth.setPassword.verifyTitle') : t('auth.setPassword.restoreTitle');

  // the link is used once the password is set: the page no longer asks about it
  if (backToCheckout) {
    return (
      <AuthCard title={title} testId="set-password-done">
        <Result status="success" title={t('auth.setPassword.ready')} />
        <ReturnToCheckoutNotice to={backToCheckout} />
      </AuthCard>
    );
  }

  if (token && link.isPending) {
    return (
      <AuthCard title={title} testId="set-password-loading">
        <Spin />
      </AuthCard>
    );
  }

  // no token, or one that opens nothing any more (used, expired, replaced by a newer link)
  if (!token || link.isError) {
    return (
      <AuthCard title={title} testId="set-password-invalid">
        <Result
          status="warning"
          title={t('errors.invalid_link')}
          extra={<LocaleLink to="/forgot-password">{t('auth.forgot.title')}</LocaleLink>}
        />
      </AuthCard>
    );
  }

  const onFinish = (v: SetPasswordForm) => {
    const body: TSetPasswordBody = {
      token,
      password: v.password,
      confirm_password: v.confirm_password,
      remember: !!v.remember,
    };
    if (v.first_name) body.first_name = v.first_name;
    if (v.last_name) body.last_name = v.last_name;
    if (v.phone) body.phone = v.phone;
    setPassword.mutate(body, {
      onSuccess: ({ user }) => {
        if (!user) {
          // the password is set, but this account may not sign in now
          toast('success', t('messages.passwordUpdated'));
          navigate(lp('/signin'), { replace: true });
          return;
        }
        const checkout = readPendingCheckout();
        if (checkout) {
          setBackToCheckout(checkout);
          return;
        }
        if (mode === 'verify') {
          navigate(lp('/dashboard'), { replace: true, state: WELCOME_STATE });
        } else {
          toast('success', t('auth.setPassword.signedIn'));
          navigate(lp('/dashboard'), { replace: true });
        }
      },
      onError: (e) => showServerErrors(form, e, t),
    });
  };

  return (
    <AuthCard title={title} testId="set-password-page">
      {mode === 'verify' && <p>{t('auth.setPassword.verifyIntro')}</p>}
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ remember: false }}>
        {/* whose password this link sets: a link someone forwarded opens their account, not yours */}
        <Form.Item label={t('auth.setPassword.account')} htmlFor="set-password-email">
          <Input
            id="set-password-email"
            value={link.data?.email}
            readOnly
            autoComplete="username"
            data-testid="set-password-email"
          />
        </Form.Item>
        {mode === 'verify' && (
          <>
            <Form.Item name="first_name" label={t('profile.firstName')} rules={rules.optionalName}>
              <Input autoComplete="given-name" data-testid="set-password-first-name" />
            </Form.Item>
            <Form.Item name="last_name" label={t('profile.lastName')} rules={rules.optionalName}>
              <Input autoComplete="family-name" data-testid="set-password-last-name" />
            </Form.Item>
            <Form.Item name="phone" label={t('profile.phone')} rules={rules.optionalPhone}>
              <Input type="tel" autoComplete="tel" data-testid="set-password-phone" />
            </Form.Item>
          </>
        )}
        <NewPasswordFields testIds={{ password: 'set-password-password', confirm: 'set-password-confirm' }} />
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox data-testid="set-password-remember">{t('auth.setPassword.remember')}</Checkbox>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={setPassword.isPending}
          data-testid="set-password-submit"
        >
          {t('auth.setPassword.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
