import { LIVE_SESSION_STATUSES, type TLiveSessionStatus } from '@livecart/contract/constants';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DayRange, DayRangeInput, FiltersBar } from '../../components/FiltersBar';

/** The sessions filter as sent in queryFilter; days are YYYY-MM-DD. */
export interface LiveSessionsFilter {
  status?: TLiveSessionStatus;
  event_date?: DayRange;
}

export interface LiveSessionsFiltersProps {
  value: LiveSessionsFilter;
  onApply: (filter: LiveSessionsFilter) => void;
  onReset: () => void;
}

/** Status and event date range. */
export function LiveSessionsFilters({ value, onApply, onReset }: LiveSessionsFiltersProps) {
  const { t } = useTranslation();

  return (
    <FiltersBar<LiveSessionsFilter>
      value={value}
      onApply={onApply}
      onReset={onReset}
      testId="live-sessions-filters"
    >
      <Form.Item name="status" label={t('live.statusLabel')}>
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('live.allStatuses')}
          options={LIVE_SESSION_STATUSES.map((s) => ({ value: s, label: t(`live.status.${s}`) }))}
          data-testid="filter-status"
        />
      </Form.Item>
      <Form.Item name="event_date" label={t('live.eventDate')}>
        <DayRangeInput testId="filter-event-date" />
      </Form.Item>
    </FiltersBar>
  );
}
