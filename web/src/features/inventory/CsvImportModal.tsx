import { InboxOutlined } from '@ant-design/icons';
import type { TCsvProblem } from '@livecart/contract/products';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../app/useLocale';
import { CSV_EXAMPLE_URL } from './api';

export interface CsvImportModalProps {
  open: boolean;
  importing: boolean;
  /** The report of the last rejected file, row by row. */
  report: TCsvProblem[] | null;
  /** Why the last file was refused as a whole (too large, product limit, network), shown in the modal. */
  error: string | null;
  onImport: (file: File) => void;
  onClose: () => void;
}

/** Upload of a .csv file; a rejected file shows its report (line, column, reason) or why it was refused. */
export function CsvImportModal({ open, importing, report, error, onImport, onClose }: CsvImportModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('csvImport.title')}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="csv-import-close">
          {t('csvImport.close')}
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="csv-import-modal">
        <Typography.Paragraph>{t('csvImport.intro')}</Typography.Paragraph>
        <Space wrap>
          <LocaleLink to="/guides/rules-csv" data-testid="csv-guide-link">
            {t('csvImport.guide')}
          </LocaleLink>
          <a href={CSV_EXAMPLE_URL} download data-testid="csv-example-link">
            {t('csvImport.example')}
          </a>
        </Space>
        <Upload.Dragger
          accept=".csv,text/csv"
          multiple={false}
          showUploadList={false}
          disabled={importing}
          beforeUpload={(file) => {
            onImport(file);
            return false;
          }}
          data-testid="csv-import-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('csvImport.drop')}</p>
        </Upload.Dragger>
        {error && <Alert type="error" showIcon title={error} data-testid="csv-import-error" />}
        {report && (
          <>
            <Alert type="error" showIcon title={t('csvImport.reportTitle')} data-testid="csv-report-title" />
            <Table<TCsvProblem & { key: number }>
              size="small"
              pagination={false}
              dataSource={report.map((r, key) => ({ ...r, key }))}
              data-testid="csv-report"
              columns={[
                { key: 'line', dataIndex: 'line', title: t('csvImport.line'), width: 80 },
                { key: 'column', dataIndex: 'column', title: t('csvImport.column'), width: 140 },
                { key: 'message', dataIndex: 'message', title: t('csvImport.reason') },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
