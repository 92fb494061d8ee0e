import { Select, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounce } from '../lib/debounce';

export interface Option {
  value: number;
  label: string;
  /** A line that cannot be picked (a hint such as "type to find more"). */
  disabled?: boolean;
}

export interface RemoteSearchSelectProps {
  /** Given by a Form.Item, so its label names the field. */
  id?: string;
  fetchOptions: (search: string) => Promise<Option[]>;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  testId?: string;
  /** Labels of values known before any search (the saved choice of a form being edited). */
  known?: Option[];
}

/** A select whose options come from a search call as the person types (debounced 300 ms). */
export function RemoteSearchSelect({
  id,
  fetchOptions,
  value,
  onChange,
  placeholder,
  testId,
  known,
}: RemoteSearchSelectProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  // what was typed: a search that found nothing says so, an empty one shows nothing
  const [typed, setTyped] = useState('');
  const latest = useRef(0);
  // every label seen, so a value picked from an earlier search keeps its name after the next one
  const labels = useRef(new Map<number, string>());
  for (const o of [...(known ?? []), ...options]) if (!o.disabled) labels.current.set(o.value, o.label);

  const search = useMemo(
    () =>
      debounce((text: string) => {
        const call = ++latest.current;
        setTyped(text.trim());
        setLoading(true);
        fetchOptions(text)
          .then((found) => call === latest.current && setOptions(found))
          .catch(() => call === latest.current && setOptions([]))
          .finally(() => call === latest.current && setLoading(false));
      }, 300),
    [fetchOptions],
  );
  useEffect(() => () => search.cancel(), [search]);

  // a value restored from the address has no label yet: show its id until a search finds it
  const shown =
    value !== undefined && value !== null && !options.some((o) => o.value === value)
      ? [...options, { value, label: labels.current.get(value) ?? `#${value}` }]
      : options;

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      onFocus={() => options.length === 0 && search('')}
      options={shown}
      notFoundContent={loading ? <Spin size="small" /> : typed ? t('list.noOption') : null}
      placeholder={placeholder}
      style={{ minWidth: 200 }}
      data-testid={testId}
    />
  );
}
