import { DATE_FORMAT } from '@livecart/contract/constants';
import { Button, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../app/dayjs';

/** A range of days as sent in queryFilter: YYYY-MM-DD, either end optional. */
export interface DayRange {
  from?: string;
  to?: string;
}

const DAY = 'YYYY-MM-DD';

/**
 * A filter's range of days: a from–to picker (DD/MM/YYYY, either end may stay empty) whose value is
 * the filter's `{from, to}` itself, YYYY-MM-DD. The days are calendar days, read and written without
 * a zone, so the device's zone never moves them; the server counts them as Europe/Paris days.
 * Goes in a Form.Item of a FiltersBar, as RangeInput does for numbers.
 */
export function DayRangeInput({
  id,
  value,
  onChange,
  testId,
}: {
  /** Given by a Form.Item, so its label names the first day's box. */
  id?: string;
  value?: DayRange;
  onChange?: (range: DayRange) => void;
  testId?: string;
}) {
  const from = value?.from;
  const to = value?.to;
  const picked = useMemo(
    (): [Dayjs | null, Dayjs | null] | null =>
      from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null,
    [from, to],
  );
  return (
    <DatePicker.RangePicker
      id={id}
      value={picked}
      onChange={(days) => {
        const [start, end] = days ?? [];
        onChange?.({ from: start?.format(DAY), to: end?.format(DAY) });
      }}
      format={DATE_FORMAT}
      allowEmpty={[true, true]}
      data-testid={testId}
    />
  );
}

export interface FiltersBarProps<F, V> {
  /** The filter applied now (from the address); the form shows it again whenever it changes. */
  value: F;
  /**
   * The filter as the form holds it, and back, for a form that holds other values than the filter
   * (a trimmed text, a default left out of the address); both must be stable (module-level)
   * functions. Without them the form holds the filter as it is, day ranges included.
   */
  toForm?: (filter: F) => V;
  fromForm?: (values: V) => F;
  onApply: (filter: F) => void;
  onReset: () => void;
  testId: string;
  /** The Form.Items of the filters. */
  children: ReactNode;
}

const same = <T,>(x: T): T => x;

/**
 * A list screen's inline filters form with its Apply (`filters-apply`) and Reset (`filters-reset`)
 * buttons: Apply sends the form's filter, Reset clears the list's filters.
 */
export function FiltersBar<F extends object, V extends object = F>(props: FiltersBarProps<F, V>) {
  const { value, toForm = same as (f: F) => V, fromForm = same as (v: V) => F } = props;
  const { onApply, onReset, testId, children } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(value) as Parameters<typeof form.setFieldsValue>[0]);
  }, [value, form, toForm]);

  return (
    <Form<V>
      form={form}
      layout="inline"
      onFinish={(v) => onApply(fromForm(v))}
      className="filters-bar"
      data-testid={testId}
    >
      {children}
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
