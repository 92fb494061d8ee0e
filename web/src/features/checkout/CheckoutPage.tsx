import {
  PAYMENT_PROVIDER_NAMES,
  type TConfirmResult,
  type TPaymentProviderName,
} from '@livecart/contract/checkout';
import { ROLE } from '@livecart/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { signInPathFor } from '../../app/guards';
import { errorText } from '../../app/i18n';
import { useLocale, useLocalePath } from '../../app/useLocale';
import { isApiError } from '../../lib/api';
import { useSession } from '../auth/api';
import { clockOffset } from '../orders/countdown';
import { checkoutKeys, linkCheckout, useCheckout, useConfirmPayment } from './api';
import { CheckoutForm } from './CheckoutForm';
import { Countdown } from './Countdown';
import { clearPendingComment, readPendingComment, rememberComment } from './commentLink';
import { OrderConfirmation } from './OrderConfirmation';
import { clearPendingCheckout, readPendingCheckout, rememberCheckout } from './pending';
import { CheckoutSkeleton, Shell, StatusCard } from './Shell';

/** What the return from the payment page said, when it did not end in a paid order. */
type PaymentNotice = 'failed' | 'canceled' | 'pending' | 'unconfirmed';

const noticeOf = (r: TConfirmResult | undefined): PaymentNotice | 'paid' => {
  const s = r?.paymentStatus;
  if (s === 'paid') return 'paid';
  if (s === 'failed' || s === 'canceled') return s;
  if (s === 'open' || s === 'pending') return 'pending';
  return 'unconfirmed';
};

/**
 * /checkout/{orderNumber}?storeName=…&t=… (SPEC §2): the shopper pays a cart from the link of
 * their private message. Also the return address of the payment page (`&hash=…&type=…`).
 */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const location = useLocation();
  const qc = useQueryClient();
  const { orderNumber = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const token = search.get('t');
  const { user } = useSession();
  const checkout = useCheckout(orderNumber, token);
  const confirm = useConfirmPayment(locale);
  const [notice, setNotice] = useState<PaymentNotice | 'paid' | null>(null);
  // the `expires_at` whose countdown reached 0 here (a later one from the server resumes the form)
  const [expiredAt, setExpiredAt] = useState<string | null>(null);
  const confirmStarted = useRef(false);
  const linkStarted = useRef(false);

  // back from the payment page: ask the server what the provider says, once
  useEffect(() => {
    const hash = search.get('hash');
    const type = search.get('type');
    if (!hash || !type || confirmStarted.current) return;
    confirmStarted.current = true;
    const done = (n: PaymentNotice | 'paid') => {
      setNotice(n);
      void qc.invalidateQueries({ queryKey: ['checkout', orderNumber] });
      // a reload should not confirm again: drop hash and type from the address
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('hash');
          next.delete('type');
          return next;
        },
        { replace: true },
      );
    };
    if (!(PAYMENT_PROVIDER_NAMES as readonly string[]).includes(type)) {
      done('unconfirmed');
      return;
    }
    confirm.mutate(
      { hash, type: type as TPaymentProviderName },
      { onSuccess: (r) => done(noticeOf(r)), onError: () => done('unconfirmed') },
    );
  }, [search, setSearch, confirm, qc, orderNumber]);

  // a live link's comment: kept while signed out, for the account to be linked by it after
  // sign-in; once signed in here, the link's token links it (below) and nothing is left to do
  const commentId = search.get('comment');
  useEffect(() => {
    if (!commentId || !token) return;
    if (!user) rememberComment(commentId, token);
    else if (readPendingComment()?.t === token) clearPendingComment();
  }, [user, commentId, token]);

  // back on the checkout signed in: the pending checkout (sign-in / sign-up detour) is done
  useEffect(() => {
    if (user && readPendingCheckout()?.match(/\/checkout\/([^/?]+)/)?.[1] === orderNumber)
      clearPendingCheckout();
  }, [user, orderNumber]);

  // a signed-in shopper holding the link of an order that is not theirs yet: connect it to the
  // account (with the other orders and waiting rows of the same social identity; SPEC §4)
  const signedInAsOwner = checkout.data?.order.signedIn;
  useEffect(() => {
    if (!user || user.role_id !== ROLE.buyer || !token || signedInAsOwner !== false) return;
    if (linkStarted.current) return;
    linkStarted.current = true;
    linkCheckout({ orderNumber, t: token })
      .then((r) => {
        if (!r.linked) return;
        void qc.invalidateQueries({ queryKey: ['checkout', orderNumber] });
        void qc.invalidateQueries({ queryKey: ['shopperOrders'] });
      })
      .catch(() => {
        // another account's order, or a stale link: the link still lets this shopper pay
        console.warn('checkout link failed');
      });
  }, [user, token, signedInAsOwner, qc, orderNumber]);

  const onExpire = useCallback(
    (expiresAt: string) => {
      setExpiredAt(expiresAt);
      // the server's sweeper returns the items to stock; read the order's state again
      void qc.invalidateQueries({ queryKey: checkoutKeys.order(orderNumber, token) });
    },
    [qc, orderNumber, token],
  );

  const data = checkout.data;
  const storeName = data?.order.seller.store_name ?? search.get('storeName') ?? '';
  const title = storeName || t('checkout.title');
  const offset = data ? clockOffset(data.order.serverTime, checkout.dataUpdatedAt) : 0;

  let body: ReactNode;
  if (confirm.isPending || (checkout.isPending && !checkout.isError)) {
    body = confirm.isPending ? (
      <div className="co-alert co-alert-info" role="status" data-testid="checkout-confirming">
        {t('checkout.confirming')}
      </div>
    ) : (
      <CheckoutSkeleton />
    );
  } else if (checkout.isError) {
    const missing = isApiError(checkout.error) && checkout.error.status === 404;
    body = (
      <StatusCard
        kind="bad"
        testId={missing ? 'checkout-not-found' : 'checkout-error'}
        title={missing ? t('errors.not_found') : t('checkout.loadFailed')}
      >
        {!missing && <p className="co-muted">{errorText(t, checkout.error)}</p>}
        {!missing && (
          <button type="button" className="co-btn co-btn-light" onClick={() => void checkout.refetch()}>
            {t('checkout.retry')}
          </button>
        )}
      </StatusCard>
    );
  } else if (data) {
    const { order } = data;
    const paid = order.status === 'payed' || order.status === 'shipped' || notice === 'paid';
    if (paid) {
      body = <OrderConfirmation data={data} user={user} />;
    } else if (
      order.status === 'expired' ||
      (order.status === 'new' && !!expiredAt && expiredAt === order.expires_at)
    ) {
      body = (
        <StatusCard kind="bad" testId="checkout-expired" title={t('checkout.expiredTitle')}>
          <p>{t('checkout.expiredText')}</p>
        </StatusCard>
      );
    } else if (order.status === 'canceled') {
      body = <StatusCard kind="bad" testId="checkout-error" title={t('checkout.canceledTitle')} />;
    } else {
      const banner = notice && (
        <div
          className={`co-alert ${notice === 'pending' ? 'co-alert-info' : 'co-alert-error'}`}
          role="alert"
          data-testid={notice === 'pending' ? 'checkout-pending' : 'checkout-error'}
        >
          {notice === 'unconfirmed' ? t('errors.payment_not_confirmed') : t(`checkout.payment.${notice}`)}
        </div>
      );
      const back = signInPathFor(location);
      const signInBox = !order.signedIn && !user && (
        <section className="co-card" data-testid="checkout-signin">
          <p style={{ margin: 0 }}>{t('checkout.saveDetails')}</p>
          <div className="co-links">
            <Link
              to={lp(back)}
              data-testid="checkout-signin-link"
              onClick={() => rememberCheckout(`${location.pathname}${location.search}`)}
            >
              {t('checkout.signIn')}
            </Link>
            <Link
              to={lp(back.replace(/^\/signin/, '/signup'))}
              data-testid="checkout-signup-link"
              onClick={() => rememberCheckout(`${location.pathname}${location.search}`)}
            >
              {t('checkout.signUp')}
            </Link>
          </div>
        </section>
      );
      body = (
        <>
          {order.status === 'new' && order.expires_at && (
            <Countdown expiresAt={order.expires_at} offsetMs={offset} onExpire={onExpire} />
          )}
          <h1 className="co-muted co-order-heading">
            {t('checkout.orderNumber', { orderNumber: order.order_number })}
          </h1>
          <CheckoutForm
            key={`${order.id}:${order.signedIn}`}
            data={data}
            token={token}
            banner={banner}
            signInBox={signInBox}
          />
        </>
      );
    }
  }

  return (
    <Shell title={title} testId="checkout-page">
      {body}
    </Shell>
  );
}
