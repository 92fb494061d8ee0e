import { DownloadOutlined } from '@ant-design/icons';
import { CSV_COLUMNS } from '@livecart/contract/products';
import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../app/useIsPhone';
import { CSV_EXAMPLE_URL } from '../inventory/api';

/** The guide key of each CSV column's rule. */
const RULE_KEY = {
  name: 'name',
  description: 'description',
  hashtags: 'hashtags',
  styles: 'styles',
  'photo links': 'photoLinks',
  publish: 'publish',
  price: 'price',
  quantity: 'quantity',
  sku: 'sku',
  color: 'color',
  size: 'size',
} as const;

type CsvColumn = (typeof CSV_COLUMNS)[number];

const EXAMPLE: Record<CsvColumn, string> = {
  name: "Robe d'été fleurie",
  description: 'Robe légère en coton',
  hashtags: 'robe12, #summerdress',
  styles: 'Bohème, Casual',
  'photo links': 'https://example.com/robe12.jpg',
  publish: 'TRUE',
  price: '39.90',
  quantity: '5',
  sku: 'ROBE12BLEUS',
  color: 'blue',
  size: 'S',
};

/** /guides/rules-csv: each column of the import file and its rule (SPEC §5 CSV rules). */
export default function RulesCsvPage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const rule = (column: CsvColumn) => t(`guides.columns.${RULE_KEY[column]}`);
  const columns: ColumnsType<{ column: CsvColumn }> = [
    {
      key: 'column',
      title: t('guides.column'),
      render: (_: unknown, r) => <Typography.Text code>{r.column}</Typography.Text>,
    },
    {
      key: 'rule',
      title: t('guides.rule'),
      // on a phone the example goes under its rule and the rule wraps, instead of a third column
      // off the screen
      render: (_: unknown, r) =>
        phone ? (
          <div className="csv-rule">
            {rule(r.column)}
            <br />
            <Typography.Text type="secondary">
              {t('guides.exampleValue', { value: EXAMPLE[r.column] })}
            </Typography.Text>
          </div>
        ) : (
          rule(r.column)
        ),
    },
  ];
  if (!phone) {
    columns.push({
      key: 'example',
      title: t('guides.example'),
      render: (_: unknown, r) => <Typography.Text type="secondary">{EXAMPLE[r.column]}</Typography.Text>,
    });
  }
  return (
    <div data-testid="rules-csv-page">
      <Typography.Title level={1}>{t('guides.csvTitle')}</Typography.Title>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph>{t('guides.csvIntro')}</Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          href={CSV_EXAMPLE_URL}
          download
          data-testid="csv-example-download"
        >
          {t('guides.download')}
        </Button>
        <Table
          size="small"
          pagination={false}
          rowKey="column"
          scroll={phone ? undefined : { x: 'max-content' }}
          dataSource={CSV_COLUMNS.map((column) => ({ column }))}
          data-testid="csv-rules-table"
          columns={columns}
        />
        <Card title={t('guides.variationsTitle')}>
          <Typography.Paragraph>{t('guides.variations')}</Typography.Paragraph>
        </Card>
        <Alert type="info" showIcon title={t('guides.allOrNothing')} />
      </Space>
    </div>
  );
}
