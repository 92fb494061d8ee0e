import type { TWaitingFilters } from '@livecart/contract/orders';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayRange, DayRangeInput, FiltersBar } from '../../components/FiltersBar';
import { type Range, RangeInput } from '../../components/RangeInput';

/** The waiting-list filter of SPEC §3, as sent in queryFilter. Dates are YYYY-MM-DD in Europe/Paris. */
export interface WaitingFilter {
  product_search?: string;
  total_qty?: Range;
  total_amount?: Range;
  created_at?: DayRange;
  buyer_id?: number;
  social_identity_id?: number;
}

/** The shopper select's value: `b12` a shopper account (buyer_id), `s34` a commenter (social_identity_id). */
type FormValues = Omit<WaitingFilter, 'buyer_id' | 'social_identity_id'> & { shopper?: string | null };

function toForm(f: WaitingFilter): FormValues {
  const { buyer_id, social_identity_id, ...rest } = f;
  return {
    ...rest,
    shopper: buyer_id ? `b${buyer_id}` : social_identity_id ? `s${social_identity_id}` : null,
  };
}

/** The filter the form holds, as the API takes it. */
export function fromForm(v: FormValues): WaitingFilter {
  const { shopper, product_search, ...rest } = v;
  const id = shopper ? Number(shopper.slice(1)) : undefined;
  return {
    ...rest,
    product_search: product_search?.trim() || undefined,
    buyer_id: shopper?.startsWith('b') ? id : undefined,
    social_identity_id: shopper?.startsWith('s') ? id : undefined,
  };
}

export interface WaitingFiltersProps {
  value: WaitingFilter;
  data?: TWaitingFilters['items'];
  onApply: (filter: WaitingFilter) => void;
  onReset: () => void;
}

/** Product search, total quantity and amount ranges, comment dates, shopper. */
export function WaitingFilters({ value, data, onApply, onReset }: WaitingFiltersProps) {
  const { t } = useTranslation();

  const shoppers = useMemo(
    () => [
      ...(data?.buyers ?? []).map((b) => ({ value: `b${b.id}`, label: b.name })),
      ...(data?.shoppers ?? []).map((s) => ({ value: `s${s.id}`, label: s.name })),
    ],
    [data],
  );

  return (
    <FiltersBar<WaitingFilter, FormValues>
      value={value}
      toForm={toForm}
      fromForm={fromForm}
      onApply={onApply}
      onReset={onReset}
      testId="waiting-filters"
    >
      <Form.Item name="product_search" label={t('waitingList.product')}>
        <Input allowClear placeholder={t('waitingList.productSearch')} data-testid="filter-product-search" />
      </Form.Item>
      <Form.Item name="total_qty" label={t('waitingList.totalQty')}>
        <RangeInput label={t('waitingList.totalQty')} testId="filter-total-qty" />
      </Form.Item>
      <Form.Item name="total_amount" label={t('waitingList.totalPrice')}>
        <RangeInput label={t('waitingList.totalPrice')} testId="filter-total-amount" />
      </Form.Item>
      <Form.Item name="created_at" label={t('waitingList.date')}>
        <DayRangeInput testId="filter-created-at" />
      </Form.Item>
      <Form.Item name="shopper" label={t('waitingList.shopper')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          options={shoppers}
          placeholder={t('waitingList.allShoppers')}
          style={{ minWidth: 180 }}
          data-testid="filter-shopper"
        />
      </Form.Item>
    </FiltersBar>
  );
}
