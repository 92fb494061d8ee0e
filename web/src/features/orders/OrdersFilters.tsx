import type { TSellerOrderFilter, TSellerOrderFilters } from '@livecart/contract/sellerOrders';
import { Form, Select } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../app/format';
import { CountrySelect } from '../../components/CountrySelect';
import { type DayRange, DayRangeInput, FiltersBar } from '../../components/FiltersBar';
import { type Range, RangeInput } from '../../components/RangeInput';
import { type Option, RemoteSearchSelect } from '../../components/RemoteSearchSelect';
import { paymentLabel } from '../payments/labels';

/** The Orders filter as sent in queryFilter; the status is the tab's, not the bar's. */
export type OrdersFilter = Omit<TSellerOrderFilter, 'created_at' | 'order_amount'> & {
  created_at?: DayRange;
  order_amount?: Range;
};

export interface OrdersFiltersProps {
  value: OrdersFilter;
  data?: TSellerOrderFilters['items'];
  isAdmin: boolean;
  /** The shoppers whose name or e-mail holds the text typed, and whether more match. */
  findBuyers: (search: string) => Promise<{ buyers: { id: number; name: string }[]; more: boolean }>;
  /** The lives whose name holds the text typed (the latest first), and whether more match. */
  findLives: (
    search: string,
  ) => Promise<{ lives: TSellerOrderFilters['items']['live_sessions']; more: boolean }>;
  onApply: (filter: OrdersFilter) => void;
  onReset: () => void;
}

const options = (items: { id: number; name: string }[] = []) =>
  items.map((i) => ({ value: i.id, label: i.name }));

const searchable = { optionFilterProp: 'label' } as const;

/** A live as the filter names it: its name and the day it started. */
const sessionOption = (s: TSellerOrderFilters['items']['live_sessions'][number]): Option => ({
  value: s.id,
  label: s.started_at ? `${s.name} · ${formatDate(s.started_at)}` : s.name,
});

/** Dates, total, country, shipping and payment method, live session, shopper; admin: seller. */
export function OrdersFilters({
  value,
  data,
  isAdmin,
  findBuyers,
  findLives,
  onApply,
  onReset,
}: OrdersFiltersProps) {
  const { t } = useTranslation();
  // a large shop has tens of thousands of shoppers: the first by name are offered, the others found
  // by typing (the last line says so when more match)
  const fetchBuyers = useCallback(
    async (search: string): Promise<Option[]> => {
      const { buyers, more } = await findBuyers(search);
      const found: Option[] = buyers.map((b) => ({ value: b.id, label: b.name }));
      return more ? [...found, { value: 0, label: t('orders.moreBuyers'), disabled: true }] : found;
    },
    [findBuyers, t],
  );
  const sessions = (data?.live_sessions ?? []).map(sessionOption);
  // the platform holds tens of thousands of lives: the latest are offered, the others found by typing
  const fetchLives = useCallback(
    async (search: string): Promise<Option[]> => {
      const { lives, more } = await findLives(search);
      const found = lives.map(sessionOption);
      return more ? [...found, { value: 0, label: t('orders.moreLives'), disabled: true }] : found;
    },
    [findLives, t],
  );
  const payments = (data?.payments ?? []).map((p) => ({
    value: p.value,
    label: paymentLabel(t, p.provider, p.method) || p.value,
  }));

  return (
    <FiltersBar<OrdersFilter> value={value} onApply={onApply} onReset={onReset} testId="orders-filters">
      <Form.Item name="created_at" label={t('orders.date')}>
        <DayRangeInput testId="filter-created-at" />
      </Form.Item>
      <Form.Item name="order_amount" label={t('orders.total')}>
        <RangeInput label={t('orders.total')} testId="filter-order-amount" />
      </Form.Item>
      <Form.Item name="country_id" label={t('orders.country')}>
        <CountrySelect options={options(data?.countries)} allowClear testId="filter-country" />
      </Form.Item>
      <Form.Item name="shipping_id" label={t('orders.shipping')}>
        <Select
          allowClear
          options={options(data?.shipping_methods)}
          style={{ width: 170 }}
          data-testid="filter-shipping"
        />
      </Form.Item>
      <Form.Item name="payment" label={t('orders.payment')}>
        <Select allowClear options={payments} style={{ width: 190 }} data-testid="filter-payment" />
      </Form.Item>
      <Form.Item name="live_session_id" label={t('orders.liveSession')}>
        <RemoteSearchSelect
          fetchOptions={fetchLives}
          known={sessions}
          placeholder={t('orders.findLive')}
          testId="filter-live-session"
        />
      </Form.Item>
      <Form.Item name="buyer_id" label={t('orders.buyer')}>
        <RemoteSearchSelect
          fetchOptions={fetchBuyers}
          known={options(data?.buyers)}
          placeholder={t('orders.findBuyer')}
          testId="filter-buyer"
        />
      </Form.Item>
      {isAdmin && (
        <Form.Item name="seller_id" label={t('orders.seller')}>
          <Select
            allowClear
            showSearch={searchable}
            options={options(data?.sellers)}
            style={{ width: 200 }}
            data-testid="filter-seller"
          />
        </Form.Item>
      )}
    </FiltersBar>
  );
}
