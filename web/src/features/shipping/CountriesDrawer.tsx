import { DeleteOutlined } from '@ant-design/icons';
import { zPrice } from '@livecart/contract/products';
import { Alert, Button, Drawer, Form, Input, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { CountrySelect } from '../../components/CountrySelect';
import { type TShippingMethod, useSaveShippingCountries } from './api';

interface Row {
  country_id: number;
  /** As typed: euros, a decimal comma or point. */
  price: string;
}

/** A price as the seller types it: `4,90`, `12`. */
export const priceText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace('.', ','));

export interface CountriesDrawerProps {
  method: TShippingMethod | null;
  /** Every country to choose from, by name in the page language. */
  countries: { value: number; label: string }[];
  onClose: () => void;
}

/**
 * The seller's countries and prices of one method: add a country, type its price in euros
 * (`4,90` or `4.90`; 0 ships free there), remove one; saved together (POST save-countries).
 */
export function CountriesDrawer({ method, countries, onClose }: CountriesDrawerProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const save = useSaveShippingCountries();
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<number, string>>({});

  useEffect(() => {
    setRows(
      method ? method.countries.map((c) => ({ country_id: c.country_id, price: priceText(c.price) })) : [],
    );
    setErrors({});
    save.reset();
  }, [method, save.reset]);

  const names = useMemo(() => new Map(countries.map((c) => [c.value, c.label])), [countries]);
  const chosen = new Set(rows.map((r) => r.country_id));
  const left = countries.filter((c) => !chosen.has(c.value));

  const setPrice = (id: number, price: string) => {
    setRows((rs) => rs.map((r) => (r.country_id === id ? { ...r, price } : r)));
    setErrors(({ [id]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    if (!method) return;
    const found: Record<number, string> = {};
    const list = rows.map((r) => {
      const parsed = zPrice().safeParse(r.price);
      if (!parsed.success) found[r.country_id] = fieldText(t, parsed.error.issues[0]?.message ?? 'invalid');
      return { country_id: r.country_id, price: parsed.success ? (parsed.data as number) : 0 };
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { id: method.id, countries: list },
      {
        onSuccess: () => {
          toast('success', t('shipping.countriesSaved'));
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open={method !== null}
      onClose={onClose}
      title={method ? t('shipping.countriesTitle', { name: method.name }) : ''}
      size={isPhone ? '100%' : 520}
      data-testid="shipping-countries-drawer"
      footer={
        <Space>
          <Button onClick={onClose}>{t('shipping.cancel')}</Button>
          <Button
            type="primary"
            onClick={submit}
            loading={save.isPending}
            data-testid="shipping-countries-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('shipping.countriesHelp')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('shipping.addCountry')} htmlFor="shipping-country-add">
          {/* remounted once a country is added, so it is empty again for the next one */}
          <CountrySelect
            key={rows.length}
            id="shipping-country-add"
            options={left}
            value={undefined}
            onChange={(id) => {
              if (id !== undefined) setRows((rs) => [...rs, { country_id: id, price: '' }]);
            }}
            testId="shipping-country-add"
          />
        </Form.Item>
        {rows.length === 0 && (
          <Typography.Paragraph type="secondary" data-testid="shipping-countries-empty">
            {t('shipping.noCountriesYet')}
          </Typography.Paragraph>
        )}
        {rows.map((r) => (
          <Form.Item
            key={r.country_id}
            label={names.get(r.country_id) ?? `#${r.country_id}`}
            validateStatus={errors[r.country_id] ? 'error' : undefined}
            help={errors[r.country_id]}
            data-testid={`shipping-country-row-${r.country_id}`}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={r.price}
                inputMode="decimal"
                suffix="€"
                placeholder="4,90"
                aria-label={t('shipping.priceOf', { country: names.get(r.country_id) ?? '' })}
                onChange={(e) => setPrice(r.country_id, e.target.value)}
                data-testid={`shipping-country-price-${r.country_id}`}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('shipping.removeCountry', { country: names.get(r.country_id) ?? '' })}
                onClick={() => setRows((rs) => rs.filter((x) => x.country_id !== r.country_id))}
                data-testid={`shipping-country-remove-${r.country_id}`}
              />
            </Space.Compact>
          </Form.Item>
        ))}
      </Form>
      {save.isError && (
        <Alert
          type="error"
          showIcon
          title={errorText(t, save.error)}
          data-testid="shipping-countries-error"
        />
      )}
    </Drawer>
  );
}
