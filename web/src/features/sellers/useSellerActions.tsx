import { App, type ButtonProps } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/notify';
import { sellerName, type TSellerRow, useLoginAs, useUnsubscribeSeller } from './api';
import { PercentHistoryModal } from './PercentHistory';
import { PercentModal } from './PercentModal';

export interface SellerActions {
  /** Asks, then signs the browser in as the seller (their dashboard opens). */
  loginAs: (seller: TSellerRow) => void;
  /** The percent form, then its confirmation. */
  changePercent: (seller: TSellerRow) => void;
  /** The percent history. */
  showHistory: (seller: TSellerRow) => void;
  /** Asks, then ends the seller's subscription now. */
  unsubscribe: (seller: TSellerRow) => void;
  /** The modals these open; render them once on the page. */
  modals: ReactNode;
}

/** The admin's actions on a seller, shared by the Sellers list and a seller's page. */
export function useSellerActions(): SellerActions {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [percentOf, setPercentOf] = useState<TSellerRow | null>(null);
  const [historyOf, setHistoryOf] = useState<TSellerRow | null>(null);
  const login = useLoginAs();
  const unsubscribeSeller = useUnsubscribeSeller();

  const loginAs = useCallback(
    (seller: TSellerRow) =>
      modal.confirm({
        title: t('sellers.loginAsTitle', { seller: sellerName(seller) }),
        content: t('sellers.loginAsText'),
        okText: t('sellers.loginAsButton'),
        cancelText: t('sellers.cancel'),
        okButtonProps: { 'data-testid': 'login-as-confirm' } as ButtonProps,
        // a refusal is said by the error toast; the question closes either way
        onOk: () => login.mutateAsync(seller.id).catch(() => undefined),
      }),
    [modal, t, login],
  );

  const unsubscribe = useCallback(
    (seller: TSellerRow) =>
      modal.confirm({
        title: t('sellers.unsubscribeTitle', { seller: sellerName(seller) }),
        content: t('sellers.unsubscribeText'),
        okText: t('sellers.unsubscribe'),
        cancelText: t('sellers.cancel'),
        okButtonProps: { danger: true, 'data-testid': 'unsubscribe-confirm' } as ButtonProps,
        onOk: () =>
          unsubscribeSeller.mutateAsync(seller.id).then(
            () => toast('success', t('sellers.unsubscribed')),
            () => undefined,
          ),
      }),
    [modal, t, unsubscribeSeller],
  );

  return {
    loginAs,
    changePercent: setPercentOf,
    showHistory: setHistoryOf,
    unsubscribe,
    modals: (
      <>
        <PercentModal seller={percentOf} onClose={() => setPercentOf(null)} />
        <PercentHistoryModal seller={historyOf} onClose={() => setHistoryOf(null)} />
      </>
    ),
  };
}
