import {
  SUPPORT_STATUSES,
  SUPPORT_TYPES,
  type TSupportStatus,
  type TSupportType,
} from '@livecart/contract/support';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DayRange, DayRangeInput, FiltersBar } from '../../components/FiltersBar';

/** The inbox filter, as sent in queryFilter. Days are YYYY-MM-DD in Europe/Paris. */
export interface SupportFilter {
  status?: TSupportStatus;
  type?: TSupportType;
  created_at?: DayRange;
}

/** Status, source and days of the inbox. */
export function SupportFilters({
  value,
  onApply,
  onReset,
}: {
  value: SupportFilter;
  onApply: (filter: SupportFilter) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FiltersBar<SupportFilter> value={value} onApply={onApply} onReset={onReset} testId="support-filters">
      <Form.Item name="status" label={t('support.statusLabel')}>
        <Select
          allowClear
          style={{ minWidth: 150 }}
          options={SUPPORT_STATUSES.map((s) => ({ value: s, label: t(`support.status.${s}`) }))}
          data-testid="filter-status"
        />
      </Form.Item>
      <Form.Item name="type" label={t('support.typeLabel')}>
        <Select
          allowClear
          style={{ minWidth: 200 }}
          options={SUPPORT_TYPES.map((s) => ({ value: s, label: t(`support.type.${s}`) }))}
          data-testid="filter-type"
        />
      </Form.Item>
      <Form.Item name="created_at" label={t('support.date')}>
        <DayRangeInput testId="filter-created-at" />
      </Form.Item>
    </FiltersBar>
  );
}
