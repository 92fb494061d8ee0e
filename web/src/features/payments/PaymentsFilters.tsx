import { ORDER_STATUSES } from '@livecart/contract/constants';
import type { TPaymentFilter, TPaymentFilters } from '@livecart/contract/payments';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../components/CountrySelect';
import { type DayRange, DayRangeInput, FiltersBar } from '../../components/FiltersBar';
import { RangeInput } from '../../components/RangeInput';
import { paymentLabel } from './labels';

/** The payments filter of SPEC §3 as sent in queryFilter; no status means paid (the server's default). */
export type PaymentsFilter = Omit<TPaymentFilter, 'created_at'> & {
  created_at?: DayRange;
};

export const DEFAULT_PAYMENT_STATUS = 'payed';

function toForm(f: PaymentsFilter): PaymentsFilter {
  return { ...f, status: f.status ?? DEFAULT_PAYMENT_STATUS };
}

function fromForm(v: PaymentsFilter): PaymentsFilter {
  const { status, order_number, ...rest } = v;
  return {
    ...rest,
    order_number: order_number?.trim() || undefined,
    // the default status stays out of the address
    status: status === DEFAULT_PAYMENT_STATUS ? undefined : status,
  };
}

export interface PaymentsFiltersProps {
  value: PaymentsFilter;
  data?: TPaymentFilters['items'];
  isAdmin: boolean;
  onApply: (filter: PaymentsFilter) => void;
  onReset: () => void;
}

const options = (items: { id: number; name: string }[] = []) =>
  items.map((i) => ({ value: i.id, label: i.name }));

/** Order number, status, total range, dates, country, shipping and payment method; admin: seller. */
export function PaymentsFilters({ value, data, isAdmin, onApply, onReset }: PaymentsFiltersProps) {
  const { t } = useTranslation();

  const statuses = [
    ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`orderStatus.${s}`) })),
    { value: 'all', label: t('payments.allStatuses') },
  ];

  return (
    <FiltersBar<PaymentsFilter>
      value={value}
      toForm={toForm}
      fromForm={fromForm}
      onApply={onApply}
      onReset={onReset}
      testId="payments-filters"
    >
      <Form.Item name="order_number" label={t('payments.order')}>
        <Input allowClear style={{ width: 160 }} data-testid="filter-order-number" />
      </Form.Item>
      <Form.Item name="status" label={t('payments.status')}>
        <Select options={statuses} style={{ width: 150 }} data-testid="filter-status" />
      </Form.Item>
      <Form.Item name="total_amount" label={t('payments.total')}>
        <RangeInput label={t('payments.total')} testId="filter-total-amount" />
      </Form.Item>
      <Form.Item name="created_at" label={t('payments.date')}>
        <DayRangeInput testId="filter-created-at" />
      </Form.Item>
      <Form.Item name="country_id" label={t('address.country')}>
        <CountrySelect options={options(data?.countries)} allowClear testId="filter-country" />
      </Form.Item>
      <Form.Item name="shipping_id" label={t('payments.shipping')}>
        <Select
          allowClear
          options={options(data?.shippings)}
          style={{ width: 170 }}
          data-testid="filter-shipping"
        />
      </Form.Item>
      <Form.Item name="payment_id" label={t('payments.method')}>
        <Select
          allowClear
          options={(data?.payments ?? []).map((p) => ({
            value: p.id,
            label: paymentLabel(t, p.provider, p.method) || p.name,
          }))}
          style={{ width: 170 }}
          data-testid="filter-payment"
        />
      </Form.Item>
      {isAdmin && (
        <Form.Item name="seller_id" label={t('payments.seller')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={options(data?.sellers)}
            style={{ width: 200 }}
            data-testid="filter-seller"
          />
        </Form.Item>
      )}
    </FiltersBar>
  );
}
