import { addressRulesOf } from '@livecart/contract/address';
import { Button, Col, Form, Input, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../components/CountrySelect';
import { showServerErrors, useRules } from '../../components/form/rules';
import type { TCountryOption } from '../countries/api';
import type { TAddress, TAddressInput } from './api';

export interface AddressFormProps {
  address?: TAddress;
  countryOptions: TCountryOption[];
  countriesLoading?: boolean;
  submitting: boolean;
  onSubmit: (values: TAddressInput) => Promise<unknown>;
}

/**
 * Country, region, post code, city and two address lines; updates when an id is present. The
 * region and post code follow the chosen country: needed, optional (said in the label) or not
 * asked, and the post code in the country's form.
 */
export function AddressForm({
  address,
  countryOptions,
  countriesLoading,
  submitting,
  onSubmit,
}: AddressFormProps) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<TAddressInput>();
  const countryId = Form.useWatch('country_id', form);
  const iso = countryOptions.find((o) => o.value === countryId)?.iso ?? null;
  const country = addressRulesOf(iso);

  useEffect(() => {
    form.setFieldsValue({
      country_id: address?.country_id,
      state: address?.state ?? '',
      post_code: address?.post_code ?? '',
      city: address?.city ?? '',
      address1: address?.address1 ?? '',
      address2: address?.address2 ?? '',
    });
  }, [address, form]);

  const onFinish = (v: TAddressInput) => {
    const body: TAddressInput = {
      ...v,
      // what the country's addresses do not have is not asked, and not kept
      state: country.region === 'none' ? null : v.state || null,
      post_code: country.postCode === 'none' ? null : v.post_code || null,
      address2: v.address2 || null,
    };
    if (address?.id) body.id = address.id;
    onSubmit(body).catch((e) => showServerErrors(form, e, t));
  };

  const optional = (label: string) => `${label} ${t('address.optional')}`;

  return (
    <Form<TAddressInput> form={form} layout="vertical" onFinish={onFinish} data-testid="address-form">
      <Form.Item name="country_id" label={t('address.country')} rules={rules.country} required>
        <CountrySelect options={countryOptions} loading={countriesLoading} testId="address-country" />
      </Form.Item>
      <Row gutter={16}>
        {country.region !== 'none' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="state"
              label={country.region === 'optional' ? optional(t('address.state')) : t('address.state')}
              rules={[...rules.state, ...rules.countryField('state', iso)]}
              dependencies={['country_id']}
              required={country.region === 'required'}
            >
              <Input autoComplete="address-level1" data-testid="address-state" />
            </Form.Item>
          </Col>
        )}
        {country.postCode !== 'none' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="post_code"
              label={
                country.postCode === 'optional' ? optional(t('address.postCode')) : t('address.postCode')
              }
              rules={[...rules.postCode, ...rules.countryField('post_code', iso)]}
              dependencies={['country_id']}
              required={country.postCode === 'required'}
            >
              <Input
                autoComplete="postal-code"
                placeholder={country.postCodeExample ?? undefined}
                data-testid="address-post-code"
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item name="city" label={t('address.city')} rules={rules.city} required>
        <Input autoComplete="address-level2" data-testid="address-city" />
      </Form.Item>
      <Form.Item name="address1" label={t('address.address1')} rules={rules.address} required>
        <Input autoComplete="address-line1" data-testid="address-line1" />
      </Form.Item>
      <Form.Item name="address2" label={t('address.address2')} rules={rules.optionalText(255)}>
        <Input autoComplete="address-line2" data-testid="address-line2" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="address-submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}
