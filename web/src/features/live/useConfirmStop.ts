import type { ButtonProps } from 'antd';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/notify';
import { useLiveSessionAction } from './api';

/** Stopping a live session, from its row or its console: asked first, then stopped and said so. */
export function useConfirmStop() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const stop = useLiveSessionAction('stop');
  return useCallback(
    (sessionId: number) =>
      modal.confirm({
        title: t('live.stopTitle'),
        content: t('live.stopText'),
        okText: t('live.stop'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
        cancelText: t('live.cancel'),
        onOk: () => stop.mutateAsync(sessionId).then(() => toast('success', t('live.sessionStopped'))),
      }),
    [t, modal, stop],
  );
}
