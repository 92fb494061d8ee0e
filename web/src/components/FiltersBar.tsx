import { DATE_FORMAT } from '@livecart/contract/constants';
import { Button, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ComponentProps, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../app/dayjs';

/** A range of days as sent in queryFilter: YYYY-MM-DD in Europe/Paris, either end optional. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** A DayRange as the range picker holds it. */
export type DayRangeValue = [Dayjs | null, Dayjs | null] | null;

const DAY = 'YYYY-MM-DD';

/** The picker's value for a filter's day range. */
export function dayRangeToForm(r: DayRange | undefined): DayRangeValue {
  return r ? [r.from ? dayjs(r.from) : null, r.to ? dayjs(r.to) : null] : null;
}

/** The filter's day range for the picker's value. */
export function dayRangeFromForm(v: DayRangeValue | undefined): DayRange {
  const [from, to] = v ?? [];
  return { from: from?.format(DAY), to: to?.format(DAY) };
}

/** A from–to day picker (DD/MM/YYYY, either end may stay empty); goes in a Form.Item. */
export function DayRangePicker({
  testId,
  ...props
}: Omit<ComponentProps<typeof DatePicker.RangePicker>, 'format' | 'allowEmpty'> & { testId?: string }) {
  return (
    <DatePicker.RangePicker {...props} format={DATE_FORMAT} allowEmpty={[true, true]} data-testid={testId} />
  );
}

export interface FiltersBarProps<F, V> {
  /** The filter applied now (from the address); the form shows it again whenever it changes. */
  value: F;
  /** The filter as the form holds it, and back; both must be stable (module-level) functions. */
  toForm: (filter: F) => V;
  fromForm: (values: V) => F;
  onApply: (filter: F) => void;
  onReset: () => void;
  testId: string;
  /** The Form.Items of the filters. */
  children: ReactNode;
}

/**
 * A list screen's inline filters form with its Apply (`filters-apply`) and Reset (`filters-reset`)
 * buttons: Apply sends the form's filter, Reset clears the list's filters.
 */
export function FiltersBar<F, V extends object>(props: FiltersBarProps<F, V>) {
  const { value, toForm, fromForm, onApply, onReset, testId, children } = props;
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
