import { BLOCKED_MESSAGE_DEFAULTS, BLOCKED_MESSAGE_MAX } from '@livecart/contract/buyers';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/notify';
import { isApiError } from '../../lib/api';
import { useShopSettings, useUpdateSettings } from '../settings/api';

/**
 * The message a blocked shopper's comments are answered with (settings.blocked_message): the
 * seller's own text, or when left empty the default text in the shop's language, both shown.
 */
export function BlockedMessageModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useShopSettings({ enabled: open });
  const save = useUpdateSettings();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saved = settings.data?.blocked_message ?? '';
  const shopLocale = settings.data?.shop_locale ?? 'fr';

  useEffect(() => {
    if (open) {
      setText(saved);
      setError(null);
    }
  }, [open, saved]);

  const submit = () =>
    save.mutate(
      { blocked_message: text.trim() || null },
      {
        onSuccess: () => {
          toast('success', t('buyers.messageSaved'));
          onClose();
        },
        onError: (e) =>
          setError(
            isApiError(e) && e.fields?.blocked_message
              ? t('buyers.messageTooLong', { charNumber: BLOCKED_MESSAGE_MAX })
              : t('errors.internal'),
          ),
      },
    );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('buyers.messageTitle')}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="blocked-message-cancel">
          {t('common.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={save.isPending}
          onClick={submit}
          data-testid="blocked-message-save"
        >
          {t('common.save')}
        </Button>,
      ]}
      data-testid="blocked-message-modal"
    >
      <Typography.Paragraph>{t('buyers.messageIntro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('buyers.messageLabel')}
          validateStatus={error ? 'error' : undefined}
          help={error ?? t('buyers.messageHelp')}
        >
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={BLOCKED_MESSAGE_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={BLOCKED_MESSAGE_DEFAULTS[shopLocale]}
            data-testid="blocked-message-text"
          />
        </Form.Item>
      </Form>
      <Alert
        type="info"
        title={t('buyers.messageDefaults', { language: t(`buyers.language.${shopLocale}`) })}
        description={
          <dl className="blocked-message-defaults" data-testid="blocked-message-defaults">
            <dt>{t('buyers.language.fr')}</dt>
            <dd lang="fr">{BLOCKED_MESSAGE_DEFAULTS.fr}</dd>
            <dt>{t('buyers.language.en')}</dt>
            <dd lang="en">{BLOCKED_MESSAGE_DEFAULTS.en}</dd>
          </dl>
        }
      />
    </Modal>
  );
}
