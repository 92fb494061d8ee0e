import type { TLocale } from '@livecart/contract/constants';
import type { TProductAdditional } from '@livecart/contract/products';
import { zPrice, zQuantity, zSku } from '@livecart/contract/products';
import { Button, Empty, Form, type FormInstance, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/form/rules';
import { fillGrid, type GridRow, type ProductFormValues } from './grid';
import { nameOf } from './options';

export interface ConfigurationsGridProps {
  form: FormInstance<ProductFormValues>;
  additional?: TProductAdditional;
  locale: TLocale;
}

/**
 * The colour × size rows of a configured product, each with its price, SKU and quantity, and a
 * 'fill all' row that copies a price or a quantity to every row.
 */
export function ConfigurationsGrid({ form, additional, locale }: ConfigurationsGridProps) {
  const { t } = useTranslation();
  const rows = (Form.useWatch('configurations', { form, preserve: true }) ?? []) as GridRow[];
  const [fill, setFill] = useState<{ price?: number | null; quantity?: number | null }>({});
  const colorById = new Map((additional?.colors ?? []).map((c) => [c.id, c]));
  const sizeName = new Map((additional?.sizes ?? []).map((s) => [s.id, nameOf(s, locale)]));

  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('product.variantsEmpty')} />;
  }

  const applyFill = () => {
    form.setFieldValue('configurations', fillGrid(form.getFieldValue('configurations') ?? [], fill));
    void form.validateFields(
      rows.flatMap((_, i) => [
        ['configurations', i, 'price'],
        ['configurations', i, 'quantity'],
      ]),
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap data-testid="grid-fill">
        <Typography.Text>{t('product.fillAll')}</Typography.Text>
        <InputNumber
          min={0}
          step={0.01}
          placeholder={t('product.price')}
          value={fill.price ?? null}
          onChange={(v) => setFill((f) => ({ ...f, price: v }))}
          data-testid="grid-fill-price"
        />
        <InputNumber
          min={0}
          precision={0}
          placeholder={t('product.quantity')}
          value={fill.quantity ?? null}
          onChange={(v) => setFill((f) => ({ ...f, quantity: v }))}
          data-testid="grid-fill-quantity"
        />
        <Button onClick={applyFill} data-testid="grid-fill-apply">
          {t('product.fillApply')}
        </Button>
      </Space>
      <Form.List name="configurations">
        {(fields) => (
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            scroll={{ x: 'max-content' }}
            data-testid="product-grid"
            onRow={(_, i) => ({ 'data-testid': `grid-row-${i}` }) as object}
            columns={[
              {
                key: 'color',
                title: t('product.color'),
                render: (_: unknown, f) => {
                  const c = colorById.get(rows[f.name]?.color_id);
                  return c ? (
                    <span style={{ whiteSpace: 'nowrap' }}>
                      <span className="color-dot" style={{ background: c.hex }} />
                      {nameOf(c, locale)}
                    </span>
                  ) : null;
                },
              },
              {
                key: 'size',
                title: t('product.size'),
                render: (_: unknown, f) => sizeName.get(rows[f.name]?.size_id) ?? '',
              },
              {
                key: 'price',
                title: t('product.price'),
                render: (_: unknown, f) => (
                  <Form.Item name={[f.name, 'price']} rules={[zodRule(zPrice(), t)]} style={{ margin: 0 }}>
                    <InputNumber
                      min={0}
                      step={0.01}
                      style={{ width: 110 }}
                      data-testid={`grid-price-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'sku',
                title: t('product.sku'),
                render: (_: unknown, f) => (
                  <Form.Item name={[f.name, 'sku']} rules={[zodRule(zSku(), t)]} style={{ margin: 0 }}>
                    <Input style={{ width: 160 }} data-testid={`grid-sku-${f.name}`} />
                  </Form.Item>
                ),
              },
              {
                key: 'quantity',
                title: t('product.quantity'),
                render: (_: unknown, f) => (
                  <Form.Item
                    name={[f.name, 'quantity']}
                    rules={[zodRule(zQuantity(), t)]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber
                      min={0}
                      precision={0}
                      style={{ width: 100 }}
                      data-testid={`grid-quantity-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
      </Form.List>
    </Space>
  );
}
