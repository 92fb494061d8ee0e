import type { TProductAdditional } from '@livecart/contract/products';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/useLocale';
import { type Range, RangeInput } from '../../components/RangeInput';
import { nameOf, sizeOptions } from './options';

/** The products filter of SPEC §3, as sent in queryFilter. */
export interface ProductsFilter {
  product_name?: string;
  color_id?: number;
  size_id?: number;
  material_id?: number;
  price?: Range;
  quantity?: Range;
}

export interface ProductsFiltersProps {
  value: ProductsFilter;
  additional?: TProductAdditional;
  onApply: (filter: ProductsFilter) => void;
  onReset: () => void;
}

/** Name, colour, size and material, price and quantity ranges. */
export function ProductsFilters({ value, additional, onApply, onReset }: ProductsFiltersProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<ProductsFilter>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(value);
  }, [value, form]);

  const named = (items: { id: number; name_fr: string; name_en: string }[] = []) =>
    items.map((i) => ({ value: i.id, label: nameOf(i, locale) }));

  return (
    <Form<ProductsFilter>
      form={form}
      layout="inline"
      onFinish={(v) => onApply({ ...v, product_name: v.product_name?.trim() || undefined })}
      className="filters-bar"
      data-testid="products-filters"
    >
      <Form.Item name="product_name" label={t('inventory.productName')}>
        <Input allowClear style={{ width: 180 }} data-testid="filter-product-name" />
      </Form.Item>
      <Form.Item name="color_id" label={t('inventory.color')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('inventory.select')}
          options={named(additional?.colors)}
          style={{ width: 140 }}
          data-testid="filter-color"
        />
      </Form.Item>
      <Form.Item name="size_id" label={t('inventory.size')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('inventory.select')}
          options={sizeOptions(additional, locale, t)}
          style={{ width: 140 }}
          data-testid="filter-size"
        />
      </Form.Item>
      <Form.Item name="material_id" label={t('inventory.material')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('inventory.select')}
          options={named(additional?.materials)}
          style={{ width: 140 }}
          data-testid="filter-material"
        />
      </Form.Item>
      <Form.Item name="price" label={t('inventory.price')}>
        <RangeInput testId="filter-price" />
      </Form.Item>
      <Form.Item name="quantity" label={t('inventory.quantity')}>
        <RangeInput testId="filter-quantity" />
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
