import { DATE_FORMAT, LIVE_SESSION_STATUSES, type TLiveSessionStatus } from '@livecart/contract/constants';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../app/dayjs';

/** The sessions filter as sent in queryFilter; days are YYYY-MM-DD. */
export interface LiveSessionsFilter {
  status?: TLiveSessionStatus;
  event_date?: { from?: string; to?: string };
}

type FormValues = Omit<LiveSessionsFilter, 'event_date'> & {
  event_date?: [Dayjs | null, Dayjs | null] | null;
};

const DAY = 'YYYY-MM-DD';

function toForm(f: LiveSessionsFilter): FormValues {
  const { event_date, ...rest } = f;
  return {
    ...rest,
    event_date: event_date
      ? [event_date.from ? dayjs(event_date.from) : null, event_date.to ? dayjs(event_date.to) : null]
      : null,
  };
}

function fromForm(v: FormValues): LiveSessionsFilter {
  const { event_date, ...rest } = v;
  const [from, to] = event_date ?? [];
  return { ...rest, event_date: { from: from?.format(DAY), to: to?.format(DAY) } };
}

export interface LiveSessionsFiltersProps {
  value: LiveSessionsFilter;
  onApply: (filter: LiveSessionsFilter) => void;
  onReset: () => void;
}

/** Status and event date range. */
export function LiveSessionsFilters({ value, onApply, onReset }: LiveSessionsFiltersProps) {
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
      data-testid="live-sessions-filters"
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
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          allowEmpty={[true, true]}
          data-testid="filter-event-date"
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
