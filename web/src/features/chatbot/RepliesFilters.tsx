import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FiltersBar } from '../../components/FiltersBar';
import { RemoteSearchSelect } from '../../components/RemoteSearchSelect';
import { findProducts } from './api';

/** The custom replies filter as sent in queryFilter. */
export interface RepliesFilter {
  active?: boolean;
  product_id?: number;
}

/** The form holds the switch filter as a select's `on` / `off`. */
interface RepliesFilterForm {
  active?: 'on' | 'off';
  product_id?: number;
}

const toForm = (f: RepliesFilter): RepliesFilterForm => ({
  active: f.active === undefined ? undefined : f.active ? 'on' : 'off',
  product_id: f.product_id,
});
const fromForm = (v: RepliesFilterForm): RepliesFilter => ({
  active: v.active === undefined ? undefined : v.active === 'on',
  product_id: v.product_id ?? undefined,
});

/** Switched on or off, and the product a reply names. */
export function RepliesFilters({
  value,
  onApply,
  onReset,
}: {
  value: RepliesFilter;
  onApply: (filter: RepliesFilter) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FiltersBar<RepliesFilter, RepliesFilterForm>
      value={value}
      toForm={toForm}
      fromForm={fromForm}
      onApply={onApply}
      onReset={onReset}
      testId="replies-filters"
    >
      <Form.Item name="active" label={t('chatbot.visibility')}>
        <Select
          allowClear
          placeholder={t('chatbot.allReplies')}
          options={[
            { value: 'on', label: t('chatbot.activeOnly') },
            { value: 'off', label: t('chatbot.inactiveOnly') },
          ]}
          style={{ minWidth: 160 }}
          data-testid="filter-active"
        />
      </Form.Item>
      <Form.Item name="product_id" label={t('chatbot.product')}>
        <RemoteSearchSelect
          fetchOptions={findProducts}
          placeholder={t('chatbot.productPlaceholder')}
          testId="filter-product"
        />
      </Form.Item>
    </FiltersBar>
  );
}
