import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../components/CountrySelect';
import { FiltersBar } from '../../components/FiltersBar';
import { type Range, RangeInput } from '../../components/RangeInput';
import { type Option, RemoteSearchSelect } from '../../components/RemoteSearchSelect';

/** The shoppers filter of SPEC §3 (plus never_paid and blocked), as sent in queryFilter. */
export interface BuyersFilter {
  name?: string;
  country_id?: number;
  total_amount?: Range;
  seller_id?: number;
  buyer_id?: number;
  identity_id?: number;
  never_paid?: boolean;
  blocked?: boolean;
}

/** A box left unticked filters nothing (not "has paid", not "not blocked"); the name is trimmed. */
function fromForm(v: BuyersFilter): BuyersFilter {
  return {
    ...v,
    name: v.name?.trim() || undefined,
    never_paid: v.never_paid ? true : undefined,
    blocked: v.blocked ? true : undefined,
  };
}

export interface BuyersFiltersProps {
  value: BuyersFilter;
  countries: Option[];
  /** Admin's Clients: the seller filter. */
  findSellers?: (search: string) => Promise<Option[]>;
  onApply: (filter: BuyersFilter) => void;
  onReset: () => void;
}

/** Name, country, total spent, never paid, blocked; admin's Clients: seller. */
export function BuyersFilters({ value, countries, findSellers, onApply, onReset }: BuyersFiltersProps) {
  const { t } = useTranslation();
  return (
    <FiltersBar<BuyersFilter>
      value={value}
      fromForm={fromForm}
      onApply={onApply}
      onReset={onReset}
      testId="buyers-filters"
    >
      <Form.Item name="name" label={t('buyers.name')}>
        <Input allowClear placeholder={t('buyers.namePlaceholder')} data-testid="filter-name" />
      </Form.Item>
      {findSellers && (
        <Form.Item name="seller_id" label={t('buyers.seller')}>
          <RemoteSearchSelect
            fetchOptions={findSellers}
            placeholder={t('sellers.findSeller')}
            testId="filter-seller"
          />
        </Form.Item>
      )}
      <Form.Item name="country_id" label={t('address.country')}>
        <CountrySelect options={countries} allowClear testId="filter-country" />
      </Form.Item>
      <Form.Item name="total_amount" label={t('buyers.totalSpent')}>
        <RangeInput label={t('buyers.totalSpent')} testId="filter-total-amount" />
      </Form.Item>
      <Form.Item name="never_paid" valuePropName="checked">
        <Checkbox data-testid="filter-never-paid">{t('buyers.neverPaid')}</Checkbox>
      </Form.Item>
      <Form.Item name="blocked" valuePropName="checked">
        <Checkbox data-testid="filter-blocked">{t('buyers.blockedOnly')}</Checkbox>
      </Form.Item>
    </FiltersBar>
  );
}
