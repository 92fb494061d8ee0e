import type { TInviteBody } from '@livecart/contract/auth';
import { ROLE } from '@livecart/contract/constants';
import { Alert, Button, Checkbox, Form, Input, Radio, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../app/notify';
import { LocaleLink, useLocale } from '../../app/useLocale';
import { showServerErrors, useRules } from '../../components/form/rules';
import { checkoutPathOf, checkoutReturnTarget, rememberCheckout } from '../checkout/pending';
import { usePaymentPlans } from '../plans/api';
import { AuthCard } from './AuthCard';
import { useInvite, useSignUpWithPlan } from './api';
import { withCallback } from './callback';

/** /signup: shopper or seller, names, seller's company details, terms → an e-mailed link. */
export default function SignUpPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const locale = useLocale();
  const [form] = Form.useForm<TInviteBody>();
  const roleId = Form.useWatch('role_id', form) ?? ROLE.buyer;
  const invite = useInvite(locale);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const isSeller = roleId === ROLE.seller;
  const [search] = useSearchParams();
  const callbackUrl = search.get('callbackUrl');
  const signInLink = withCallback('/signin', callbackUrl);
  // from the pricing page: the plan the trial starts on (SPEC §4's sign-up with a plan)
  const planCode = search.get('plan');
  // from the public site's "free trial" buttons (`?role=seller`): the merchant's form from the start
  const initialRole = search.get('role') === 'seller' ? ROLE.seller : ROLE.buyer;
  const plans = usePaymentPlans(!!planCode);
  const chosenPlan = planCode
    ? plans.data?.items.find((p) => p.code === planCode && !p.on_request)
    : undefined;
  const interval = search.get('type') === 'year' && chosenPlan?.intervals.includes('year') ? 'year' : 'month';
  const signUpWithPlan = useSignUpWithPlan(locale);

  useEffect(() => {
    if (chosenPlan) form.setFieldValue('role_id', ROLE.seller);
  }, [chosenPlan, form]);

  // from a checkout: keep it, so the sign-in after the e-mailed link goes back to it
  useEffect(() => {
    const target = checkoutPathOf(callbackUrl) && checkoutReturnTarget(callbackUrl, locale);
    if (target) rememberCheckout(target);
  }, [callbackUrl, locale]);

  const onFinish = (v: TInviteBody) => {
    const body: TInviteBody = {
      role_id: v.role_id,
      email: v.email,
      first_name: v.first_name,
      last_name: v.last_name,
      accept_terms: true,
      ...(v.role_id === ROLE.seller
        ? { phone: v.phone, company_name: v.company_name, tax_id: v.tax_id }
        : {}),
    };
    const done = {
      onSuccess: () => {
        toast('success', t('messages.checkMailbox'));
        setSentTo(v.email);
      },
      onError: (e: unknown) => showServerErrors(form, e, t),
    };
    if (v.role_id === ROLE.seller && chosenPlan) {
      signUpWithPlan.mutate(
        {
          planId: chosenPlan.id,
          type: interval,
          forFree: true,
          userData: {
            email: v.email,
            first_name: v.first_name,
            last_name: v.last_name,
            phone: v.phone ?? '',
            company_name: v.company_name ?? '',
            tax_id: v.tax_id ?? '',
            accept_terms: true,
            locale,
          },
        },
        done,
      );
    } else {
      invite.mutate(body, done);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={t('auth.signUp.title')} testId="signup-done">
        <Result
          status="success"
          title={t('messages.checkMailbox')}
          subTitle={sentTo}
          extra={<LocaleLink to={signInLink}>{t('auth.signUp.toSignIn')}</LocaleLink>}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.signUp.title')} testId="signup-page">
      <Form<TInviteBody>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        // from a paid order's confirmation: the e-mail given at checkout
        initialValues={{ role_id: initialRole, email: search.get('email')?.slice(0, 255) ?? undefined }}
      >
        <Form.Item name="role_id" label={t('auth.signUp.iAm')}>
          <Radio.Group optionType="button" buttonStyle="solid" data-testid="signup-role">
            <Radio.Button value={ROLE.buyer} data-testid="signup-role-buyer">
              {t('auth.signUp.shopper')}
            </Radio.Button>
            <Radio.Button value={ROLE.seller} data-testid="signup-role-seller">
              {t('auth.signUp.seller')}
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
        {isSeller && chosenPlan && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('auth.signUp.withPlan', { plan: chosenPlan.name })}
            data-testid="signup-plan"
          />
        )}
        <Form.Item name="email" label={t('auth.email')} rules={rules.email} required>
          <Input inputMode="email" autoComplete="email" data-testid="signup-email" />
        </Form.Item>
        <Form.Item name="first_name" label={t('profile.firstName')} rules={rules.name} required>
          <Input autoComplete="given-name" data-testid="signup-first-name" />
        </Form.Item>
        <Form.Item name="last_name" label={t('profile.lastName')} rules={rules.name} required>
          <Input autoComplete="family-name" data-testid="signup-last-name" />
        </Form.Item>
        {isSeller && (
          <>
            <Form.Item name="phone" label={t('profile.phone')} rules={rules.phone} required>
              <Input type="tel" autoComplete="tel" data-testid="signup-phone" />
            </Form.Item>
            <Form.Item name="company_name" label={t('profile.company')} rules={rules.text(1, 150)} required>
              <Input autoComplete="organization" data-testid="signup-company" />
            </Form.Item>
            <Form.Item name="tax_id" label={t('profile.taxId')} rules={rules.text(1, 50)} required>
              <Input data-testid="signup-tax-id" />
            </Form.Item>
          </>
        )}
        <Form.Item name="accept_terms" valuePropName="checked" rules={rules.terms}>
          <Checkbox data-testid="signup-terms">
            {t('auth.signUp.accept')}{' '}
            <LocaleLink to="/terms-and-conditions" target="_blank">
              {t('auth.signUp.terms')}
            </LocaleLink>
          </Checkbox>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={invite.isPending || signUpWithPlan.isPending}
          data-testid="signup-submit"
        >
          {t('auth.signUp.submit')}
        </Button>
      </Form>
      <p className="auth-alt">
        {t('auth.signUp.haveAccount')} <LocaleLink to={signInLink}>{t('auth.signUp.toSignIn')}</LocaleLink>
      </p>
    </AuthCard>
  );
}
