import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../components/CountrySelect';
import { type DayRange, DayRangeInput, FiltersBar } from '../../components/FiltersBar';
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
  created_at?: DayRange;
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

  return (
    <FiltersBar<SellersFilter> value={value} onApply={onApply} onReset={onReset} testId="sellers-filters">
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
        <RangeInput label={t('sellers.orders')} testId="filter-total-orders" />
      </Form.Item>
      <Form.Item name="total_sessions" label={t('sellers.sessions')}>
        <RangeInput label={t('sellers.sessions')} testId="filter-total-sessions" />
      </Form.Item>
      <Form.Item name="total_buyers" label={t('sellers.buyers')}>
        <RangeInput label={t('sellers.buyers')} testId="filter-total-buyers" />
      </Form.Item>
      <Form.Item name="total_amount" label={t('sellers.revenue')}>
        <RangeInput label={t('sellers.revenue')} testId="filter-total-amount" />
      </Form.Item>
      <Form.Item name="created_at" label={t('sellers.createdAt')}>
        <DayRangeInput testId="filter-created-at" />
      </Form.Item>
    </FiltersBar>
  );
}
