import { formatPhone } from '@livecart/contract/address';
import { isFreeTotal, type TCheckoutResponse } from '@livecart/contract/checkout';
import type { TCurrentUser } from '@livecart/contract/user';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatEuros } from '../../app/format';
import { splitLocale } from '../../app/locale';
import { useLocale, useLocalePath } from '../../app/useLocale';
import { countryName, useCountries } from '../countries/api';
import { OrderItems } from './CheckoutLines';
import { OrderTotals } from './OrderTotals';
import { rememberCheckout } from './pending';
import { StatusCard } from './Shell';

/**
 * A paid order, as its shopper sees it back from the payment page: its number, its articles and
 * what was paid, where and how it ships, its invoice (issued a moment after the payment: the page
 * asks again until it is), and how to follow it: the shopper's orders when signed in as its
 * owner, else an account to create with the e-mail given (coming back to the order signed in joins it).
 */
export function OrderConfirmation({ data, user }: { data: TCheckoutResponse; user: TCurrentUser | null }) {
  const { t } = useTranslation();
  const { order, address } = data;
  const email = address?.email ?? null;
  return (
    <>
      <StatusCard kind="ok" testId="checkout-success" title={t('checkout.done.title')}>
        <p>
          {isFreeTotal(order.total_amount)
            ? t('checkout.done.free')
            : t('checkout.done.paid', { amount: formatEuros(order.total_amount) })}
        </p>
        <p className="co-order-number" data-testid="confirmation-order-number">
          {t('checkout.done.number', { orderNumber: order.order_number })}
        </p>
        {email && <p className="co-muted">{t('checkout.done.mailSent', { email })}</p>}
      </StatusCard>
      <FollowOrder data={data} user={user} />
      <OrderItems items={order.items} />
      <OrderTotals
        subtotal={order.subtotal}
        discount={order.discount}
        shipping={order.shipping}
        total={order.total_amount}
        totalLabel={t('checkout.done.totalPaid')}
      />
      <Delivery data={data} />
      <Invoice invoice={order.invoice} />
    </>
  );
}

/** Where the order goes and with whom. */
function Delivery({ data }: { data: TCheckoutResponse }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const countries = useCountries();
  const { order, address: a } = data;
  const country = countries.data?.find((c) => c.id === (a?.country_id ?? order.country_id));
  const lines = a
    ? [
        [a.first_name, a.last_name].filter(Boolean).join(' '),
        a.address1,
        a.address2,
        [a.post_code, a.city].filter(Boolean).join(' '),
        a.state,
        country ? countryName(country, locale) : null,
      ].filter((l): l is string => !!l)
    : [];
  return (
    <section className="co-card" aria-labelledby="co-delivery-title" data-testid="confirmation-delivery">
      <h2 id="co-delivery-title">{t('checkout.done.deliveryTitle')}</h2>
      {order.shipping_method_name && (
        <p className="co-carrier" data-testid="confirmation-carrier">
          {t('checkout.done.carrier', { name: order.shipping_method_name })}
        </p>
      )}
      {lines.length > 0 && (
        <address className="co-address" data-testid="confirmation-address">
          {lines.map((l) => (
            <span key={l}>{l}</span>
          ))}
        </address>
      )}
      {a?.phone && <p className="co-muted">{formatPhone(a.phone)}</p>}
    </section>
  );
}

/** The invoice's link once issued; until then, that it comes. */
function Invoice({ invoice }: { invoice: TCheckoutResponse['order']['invoice'] }) {
  const { t } = useTranslation();
  return (
    <section className="co-card" aria-labelledby="co-invoice-title" data-testid="confirmation-invoice">
      <h2 id="co-invoice-title">
        {invoice
          ? t('checkout.done.invoiceTitle', { number: invoice.number })
          : t('checkout.done.invoicePendingTitle')}
      </h2>
      {invoice ? (
        <a
          className="co-btn co-btn-light"
          href={invoice.url}
          download
          data-testid="confirmation-invoice-link"
        >
          {t('checkout.done.invoiceDownload')}
        </a>
      ) : (
        <p className="co-muted" role="status" data-testid="confirmation-invoice-pending">
          {t('checkout.done.invoicePending')}
        </p>
      )}
    </section>
  );
}

/** The shopper's orders when the order is theirs; else an account to create, or to sign in to. */
function FollowOrder({ data, user }: { data: TCheckoutResponse; user: TCurrentUser | null }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const location = useLocation();
  const { order, address } = data;
  if (order.signedIn) {
    return (
      <section className="co-card co-follow" data-testid="confirmation-account">
        <p>{t('checkout.done.inAccount')}</p>
        <Link className="co-btn" to={lp('/orders')} data-testid="confirmation-my-orders">
          {t('checkout.done.myOrders')}
        </Link>
      </section>
    );
  }
  // a seller looking at their sale, or a shopper whose link is being joined to their account
  if (user) return null;

  const here = `${location.pathname}${location.search}`;
  const checkoutPath = `${splitLocale(location.pathname).path}${location.search}`;
  const email = address?.email ?? null;
  const signUp = new URLSearchParams({ ...(email ? { email } : {}), callbackUrl: checkoutPath });
  const signIn = new URLSearchParams({ callbackUrl: checkoutPath });
  return (
    <section
      className="co-card co-follow"
      aria-labelledby="co-follow-title"
      data-testid="confirmation-account"
    >
      <h2 id="co-follow-title">{t('checkout.done.followTitle')}</h2>
      <p>{email ? t('checkout.done.followText', { email }) : t('checkout.done.followTextNoEmail')}</p>
      <Link
        className="co-btn"
        to={lp(`/signup?${signUp}`)}
        onClick={() => rememberCheckout(here)}
        data-testid="confirmation-signup"
      >
        {t('checkout.done.createAccount')}
      </Link>
      <p className="co-muted co-follow-signin">
        {t('checkout.done.haveAccount')}{' '}
        <Link
          to={lp(`/signin?${signIn}`)}
          onClick={() => rememberCheckout(here)}
          data-testid="confirmation-signin"
        >
          {t('checkout.signIn')}
        </Link>
      </p>
    </section>
  );
}
