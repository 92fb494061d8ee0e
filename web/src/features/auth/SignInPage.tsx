import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { safeCallbackPath } from '../../app/guards';
import { errorText } from '../../app/i18n';
import { LocaleLink, useLocale, useLocalePath } from '../../app/useLocale';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useRules } from '../../components/form/rules';
import { checkoutReturnTarget } from '../checkout/pending';
import { ReturnToCheckoutNotice } from '../checkout/ReturnToCheckout';
import { AuthCard } from './AuthCard';
import { SignInError, signInFailure, useSession, useSignIn } from './api';
import { emailOf, withCallback } from './callback';
import { SocialSignIn } from './SocialSignIn';

/** What went wrong, translated when shown (so a language switch re-translates it). */
type Failure = SignInError['reason'] | { error: unknown };

interface SignInForm {
  email: string;
  password: string;
  remember: boolean;
}

/** /signin: e-mail and password, remember me, forgot password, Facebook when configured, link to sign up. */
export default function SignInPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const lp = useLocalePath();
  const [search] = useSearchParams();
  const locale = useLocale();
  const callback = safeCallbackPath(search.get('callbackUrl'));
  // a shopper who left a checkout to sign in goes back to it (SPEC §4 'Buyer linked by comment')
  const checkoutTarget = useMemo(
    () => checkoutReturnTarget(search.get('callbackUrl'), locale),
    [search, locale],
  );
  const { user, isLoading } = useSession();
  const signIn = useSignIn();
  // the address a page that sent the visitor here already knows (never in the URL)
  const knownEmail = emailOf(useLocation().state);
  const [form] = Form.useForm<SignInForm>();
  const navigate = useNavigate();
  // Auth.js sends failed social or credentials sign-ins back here with ?error=…
  const [failure, setFailure] = useState<Failure | null>(() => signInFailure(search));
  const failureText = (f: Failure) =>
    typeof f !== 'string'
      ? errorText(t, f.error)
      : f === 'rate_limited'
        ? t('errors.rate_limited')
        : f === 'credentials'
          ? t('auth.signIn.wrongCredentials')
          : t('auth.signIn.failed');

  if (isLoading) return <FullScreenLoader />;
  if (user && checkoutTarget) {
    return (
      <AuthCard title={t('auth.signIn.title')} testId="signin-page">
        <ReturnToCheckoutNotice to={checkoutTarget} />
      </AuthCard>
    );
  }
  if (user) return <Navigate replace to={lp(callback)} />;

  const onFinish = (v: SignInForm) => {
    setFailure(null);
    signIn.mutate(
      { email: v.email.trim(), password: v.password, remember: !!v.remember, callbackUrl: lp(callback) },
      {
        onError: (e) => {
          setFailure(e instanceof SignInError ? e.reason : { error: e });
        },
      },
    );
  };

  return (
    <AuthCard title={t('auth.signIn.title')} testId="signin-page">
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failureText(failure)}
          className="form-alert"
          data-testid="signin-error"
        />
      )}
      <Form<SignInForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ remember: false, email: knownEmail }}
        requiredMark={false}
      >
        <Form.Item name="email" label={t('auth.email')} rules={rules.email}>
          <Input inputMode="email" autoComplete="email" data-testid="signin-email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[{ required: true, message: t('fields.required') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="signin-password" />
        </Form.Item>
        <div className="form-row-between">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox data-testid="signin-remember">{t('auth.signIn.remember')}</Checkbox>
          </Form.Item>
          <LocaleLink
            to="/forgot-password"
            onClick={(e) => {
              // the address already typed comes along, so it is not typed twice
              const email = String(form.getFieldValue('email') ?? '').trim();
              if (!email || e.metaKey || e.ctrlKey || e.shiftKey) return;
              e.preventDefault();
              navigate(lp('/forgot-password'), { state: { email } });
            }}
            data-testid="forgot-password-link"
          >
            {t('auth.signIn.forgot')}
          </LocaleLink>
        </div>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-testid="signin-submit">
          {t('auth.signIn.submit')}
        </Button>
      </Form>
      <SocialSignIn
        callbackUrl={checkoutTarget ?? lp(callback)}
        onStart={() => setFailure(null)}
        onError={(e) => setFailure({ error: e })}
      />
      <p className="auth-alt">
        {t('auth.signIn.noAccount')}{' '}
        <LocaleLink to={withCallback('/signup', search.get('callbackUrl'))} data-testid="signup-link">
          {t('auth.signIn.signUp')}
        </LocaleLink>
      </p>
    </AuthCard>
  );
}
