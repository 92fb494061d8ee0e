import { DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DOCUMENT_TYPES,
  LEGAL_DOC_COLUMN,
  LEGAL_DOC_MAX_BYTES,
  type TLinkSettingsBody,
} from '@livecart/contract/settings';
import { zUrl } from '@livecart/contract/validation';
import { Alert, Button, Card, Form, Input, Radio, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { fileUrl, isApiError } from '../../lib/api';
import {
  type TLegalDocType,
  type TShopSettings,
  useRemoveLegalFile,
  useSaveLegalLinks,
  useUploadLegalFile,
} from './api';

type Mode = 'file' | 'link';
type LinkKey = keyof TLinkSettingsBody;

const linkKey = (type: TLegalDocType) => `${LEGAL_DOC_COLUMN[type]}_link` as LinkKey;
const docOf = (s: TShopSettings, type: TLegalDocType) => s[`${LEGAL_DOC_COLUMN[type]}_doc`];
const linkOf = (s: TShopSettings, type: TLegalDocType) => s[linkKey(type)];

/** Why a legal document is refused before sending it, or null: a PDF of 10 MB at most. */
export function legalFileProblem(file: File): 'pdf_only' | 'file_too_large' | null {
  const pdf = file.type ? file.type === 'application/pdf' : /\.pdf$/i.test(file.name);
  if (!pdf) return 'pdf_only';
  if (file.size > LEGAL_DOC_MAX_BYTES) return 'file_too_large';
  return null;
}

const modeOf = (s: TShopSettings, type: TLegalDocType): Mode => {
  if (docOf(s, type)) return 'file';
  if (linkOf(s, type)) return 'link';
  return s.doctype;
};

/**
 * The legal documents the checkout links (privacy policy, terms, delivery, returns): each one an
 * uploaded PDF (sent as soon as it is chosen) or a link (the links saved together). At least one
 * document or link must remain (SPEC §5).
 */
export function LegalDocuments({ settings }: { settings: TShopSettings }) {
  const { t } = useTranslation();
  const upload = useUploadLegalFile();
  const remove = useRemoveLegalFile();
  const saveLinks = useSaveLegalLinks();
  const [modes, setModes] = useState<Record<TLegalDocType, Mode>>(
    () =>
      Object.fromEntries(DOCUMENT_TYPES.map((d) => [d, modeOf(settings, d)])) as Record<TLegalDocType, Mode>,
  );
  const [links, setLinks] = useState<Record<TLegalDocType, string>>(
    () =>
      Object.fromEntries(DOCUMENT_TYPES.map((d) => [d, linkOf(settings, d) ?? ''])) as Record<
        TLegalDocType,
        string
      >,
  );
  const [errors, setErrors] = useState<Partial<Record<TLegalDocType, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  // the links as saved (after a save or a file replaced one)
  useEffect(() => {
    setLinks(
      Object.fromEntries(DOCUMENT_TYPES.map((d) => [d, linkOf(settings, d) ?? ''])) as Record<
        TLegalDocType,
        string
      >,
    );
  }, [settings]);

  const setError = (type: TLegalDocType, text: string | undefined) =>
    setErrors((e) => ({ ...e, [type]: text }));

  const failed = (e: unknown) => {
    const text = errorText(t, e);
    setFailure(text);
    toast('error', text);
  };

  const choose = (type: TLegalDocType, file: File) => {
    const problem = legalFileProblem(file);
    if (problem) {
      setError(type, fieldText(t, problem));
      return;
    }
    setError(type, undefined);
    setFailure(null);
    upload.mutate(
      { type, file },
      { onSuccess: () => toast('success', t('legalDocs.fileSaved')), onError: failed },
    );
  };

  const onRemove = (type: TLegalDocType) => {
    setFailure(null);
    remove.mutate(type, { onSuccess: () => toast('success', t('legalDocs.fileRemoved')), onError: failed });
  };

  const linkTypes = DOCUMENT_TYPES.filter((d) => modes[d] === 'link');

  const onSaveLinks = () => {
    const found: Partial<Record<TLegalDocType, string>> = {};
    const body: TLinkSettingsBody = {};
    for (const type of linkTypes) {
      const value = links[type].trim();
      if (value && !zUrl().safeParse(value).success) found[type] = fieldText(t, 'url');
      body[linkKey(type)] = value || null;
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length || linkTypes.length === 0) return;
    saveLinks.mutate(body, {
      onSuccess: () => toast('success', t('legalDocs.linksSaved')),
      onError: (e) => {
        const fields = isApiError(e) ? (e.fields ?? {}) : {};
        const byField: Partial<Record<TLegalDocType, string>> = {};
        for (const type of DOCUMENT_TYPES) {
          const code = fields[linkKey(type)];
          if (code) byField[type] = fieldText(t, code);
        }
        if (Object.keys(byField).length) setErrors(byField);
        else failed(e);
      },
    });
  };

  return (
    <Card title={t('legalDocs.title')} id="legal" style={{ marginBottom: 16 }} data-testid="legal-card">
      <Typography.Paragraph type="secondary">{t('legalDocs.help')}</Typography.Paragraph>
      <Form layout="vertical">
        {DOCUMENT_TYPES.map((type) => {
          const doc = docOf(settings, type);
          return (
            <Form.Item
              key={type}
              label={t(`legalDocs.types.${type}`)}
              validateStatus={errors[type] ? 'error' : undefined}
              help={errors[type]}
              data-testid={`legal-${type}`}
            >
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Radio.Group
                  value={modes[type]}
                  onChange={(e) => {
                    setModes((m) => ({ ...m, [type]: e.target.value as Mode }));
                    setError(type, undefined);
                  }}
                  options={[
                    { value: 'file', label: t('legalDocs.file') },
                    { value: 'link', label: t('legalDocs.link') },
                  ]}
                  optionType="button"
                  data-testid={`legal-${type}-mode`}
                />
                {modes[type] === 'file' ? (
                  <Space wrap>
                    {doc && (
                      <>
                        <a
                          href={fileUrl(doc)}
                          target="_blank"
                          rel="noreferrer"
                          data-testid={`legal-${type}-open`}
                        >
                          <FilePdfOutlined /> {t('legalDocs.open')}
                        </a>
                        <Button
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          loading={remove.isPending && remove.variables === type}
                          onClick={() => onRemove(type)}
                          data-testid={`legal-${type}-remove`}
                        >
                          {t('legalDocs.remove')}
                        </Button>
                      </>
                    )}
                    <span data-testid={`legal-${type}-file`}>
                      <Upload
                        accept=".pdf,application/pdf"
                        maxCount={1}
                        showUploadList={false}
                        beforeUpload={(file) => {
                          choose(type, file);
                          return false;
                        }}
                      >
                        <Button
                          icon={<UploadOutlined />}
                          loading={upload.isPending && upload.variables?.type === type}
                        >
                          {t(doc ? 'legalDocs.replaceFile' : 'legalDocs.chooseFile')}
                        </Button>
                      </Upload>
                    </span>
                  </Space>
                ) : (
                  <Input
                    value={links[type]}
                    onChange={(e) => {
                      setLinks((l) => ({ ...l, [type]: e.target.value }));
                      setError(type, undefined);
                    }}
                    placeholder="https://"
                    inputMode="url"
                    aria-label={t(`legalDocs.types.${type}`)}
                    data-testid={`legal-${type}-link`}
                  />
                )}
              </Space>
            </Form.Item>
          );
        })}
      </Form>
      <Typography.Paragraph type="secondary">{t('legalDocs.fileHint')}</Typography.Paragraph>
      {failure && (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="legal-error" />
      )}
      <Button
        type="primary"
        onClick={onSaveLinks}
        loading={saveLinks.isPending}
        disabled={linkTypes.length === 0}
        data-testid="legal-links-save"
      >
        {t('legalDocs.saveLinks')}
      </Button>
    </Card>
  );
}
