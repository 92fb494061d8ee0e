import { Button, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../app/dayjs';
import { CountrySelect } from '../../components/CountrySelect';
import { type Range, RangeInput } from '../../components/RangeInput';
import { type Option, RemoteSearchSelect } from '../../components/RemoteSearchSelect';

/** The sellers filter of SPEC §3, as sent in queryFilter. Dates are YYYY-MM-DD in Europe/Paris. */
export interface SellersFilter {
  country_id?: number;
  seller_id?: number;
  total_orders?: Range;
  total_sessions?: Range;
  total_buyers?: Range;
  total_amount?: Range;
  created_at?: { from?: string; to?: string };
}

type FormValues = Omit<SellersFilter, 'created_at'> & { created_at?: [Dayjs | null, Dayjs | null] | null };

const DAY = 'YYYY-MM-DD';

function toForm(f: SellersFilter): FormValues {
  const { created_at, ...rest } = f;
  return {
    ...rest,
    created_at: created_at
      ? [created_at.from ? dayjs(created_at.from) : null, created_at.to ? dayjs(created_at.to) : null]
      : null,
  };
}

function fromForm(v: FormValues): SellersFilter {
  const { created_at, ...rest } = v;
  const [from, to] = created_at ?? [];
  return { ...rest, created_at: { from: from?.format(DAY), to: to?.format(DAY) } };
}

export interface SellersFiltersProps {
  value: SellersFilter;
  countries: Option[];
  findSellers: (search: string) => Promise<Option[]>;
  onApply: (filter: SellersFilter) => void;
  onReset: () => void;
}

/** Country, seller, orders, sessions, shoppers and revenue ranges, creation dates. */
export function SellersFilters({ value, countries, findSellers, onApply, onReset }: SellersFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(value));
  }, [value, form]);

  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      onFinish={(v) => onApply(fromForm(v))}
      className="filters-bar"
      data-testid="sellers-filters"
    >
      <Form.Item name="seller_id" label={t('sellers.seller')}>
        <RemoteSearchSelect
          fetchOptions={findSellers}
          placeholder={t('sellers.findSeller')}
          testId="filter-seller"
        />
      </Form.Item>
      <Form.Item name="country_id" label={t('address.country')}>
        <CountrySelect options={countries} allowClear testId="filter-country" />
      </Form.Item>
      <Form.Item name="total_orders" label={t('sellers.orders')}>
        <RangeInput testId="filter-total-orders" />
      </Form.Item>
      <Form.Item name="total_sessions" label={t('sellers.sessions')}>
        <RangeInput testId="filter-total-sessions" />
      </Form.Item>
      <Form.Item name="total_buyers" label={t('sellers.buyers')}>
        <RangeInput testId="filter-total-buyers" />
      </Form.Item>
      <Form.Item name="total_amount" label={t('sellers.revenue')}>
        <RangeInput testId="filter-total-amount" />
      </Form.Item>
      <Form.Item name="created_at" label={t('sellers.createdAt')}>
        <DatePicker.RangePicker
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          data-testid="filter-created-at"
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" data-testid="filters-apply">
          {t('list.apply')}
        </Button>
        <Button onClick={onReset} data-testid="filters-reset">
          {t('list.reset')}
        </Button>
      </Space>
    </Form>
  );
}
