import type { TSocialPage } from '@livecart/contract/stores';
import { Alert, Avatar, Checkbox, Empty, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/notify';
import { useSocialPages, useSocialSync } from './api';
import { followersText } from './format';

/**
 * The pages of the connected Facebook account (or the demo pages), each with its Instagram
 * account; the checked ones become stores.
 */
export function PagePicker({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const pages = useSocialPages(open);
  const sync = useSocialSync();
  const [checked, setChecked] = useState<string[]>([]);
  const items = pages.data?.items ?? [];

  useEffect(() => {
    if (open) setChecked([]);
  }, [open]);

  const add = () =>
    sync.mutate(checked, {
      onSuccess: (r) => {
        toast('success', t('stores.added', { count: r.count }));
        onClose();
      },
    });

  return (
    <Modal
      open={open}
      title={t('stores.pickerTitle')}
      onCancel={onClose}
      onOk={add}
      okText={t('stores.pickerAdd')}
      cancelText={t('common.cancel')}
      okButtonProps={
        { disabled: !checked.length, loading: sync.isPending, 'data-testid': 'picker-add' } as never
      }
      destroyOnHidden
      data-testid="page-picker"
    >
      {pages.isPending && <Spin />}
      {pages.data?.account.sandbox && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('stores.pickerSandbox')} />
      )}
      {pages.data?.account.name && (
        <Typography.Paragraph type="secondary">
          {t('stores.pickerAccount', { name: pages.data.account.name })}
        </Typography.Paragraph>
      )}
      {pages.data && !items.length && <Empty description={t('stores.pickerEmpty')} />}
      <Checkbox.Group value={checked} onChange={(v) => setChecked(v as string[])} style={{ width: '100%' }}>
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          {items.map((p) => (
            <PageChoice key={p.id} page={p} locale={i18n.language} />
          ))}
        </Space>
      </Checkbox.Group>
    </Modal>
  );
}

function PageChoice({ page, locale }: { page: TSocialPage; locale: string }) {
  const { t } = useTranslation();
  const ig = page.instagram;
  return (
    <div data-testid={`pick-${page.id}`}>
      <Checkbox value={page.id}>
        <Space align="start">
          <Avatar src={page.photo ?? undefined}>{page.name.charAt(0)}</Avatar>
          <div>
            <Typography.Text strong>{page.name}</Typography.Text>{' '}
            {page.added && <Typography.Text type="secondary">({t('stores.alreadyAdded')})</Typography.Text>}
            <div>
              <Typography.Text type="secondary">
                {t('stores.facebook')} · {followersText(t, page.follower_count, locale)}
              </Typography.Text>
            </div>
            <div>
              <Typography.Text type="secondary">
                {ig
                  ? `${t('stores.instagram', { username: ig.username })} · ${followersText(t, ig.follower_count, locale)}`
                  : t('stores.noInstagram')}
              </Typography.Text>
            </div>
          </div>
        </Space>
      </Checkbox>
    </div>
  );
}
