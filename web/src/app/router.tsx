import { ROLE, type TLocale } from '@livecart/contract/constants';
import { SITE_PAGE_IDS, SITE_PAGES_IN_APP, SITE_PATHS } from '@livecart/contract/site';
import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import {
  FrenchPrefixRedirect,
  HomeRedirect,
  RequireAuth,
  RequirePlan,
  RequireRole,
  SiteUnlessSignedIn,
} from './guards';
import { LocaleRoot } from './LocaleRoot';
import { AntdRoot, AppLayout, PublicLayout, screen } from './layout/lazy';
import { SessionLayout } from './layout/SessionLayout';
import { EN_PREFIX } from './locale';
import { NotFoundPage } from './NotFoundPage';

// every page is its own chunk (React.lazy), so a small page such as checkout loads little; a
// screen (`screen`) brings the back office's texts other than the frame's and the dashboard's
const SignInPage = screen(() => import('../features/auth/SignInPage'));
const SignUpPage = screen(() => import('../features/auth/SignUpPage'));
const ForgotPasswordPage = screen(() => import('../features/auth/ForgotPasswordPage'));
const SetPasswordPage = screen(() => import('../features/auth/SetPasswordPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const AccountPage = screen(() => import('../features/profile/AccountPage'));
const NotificationsPage = screen(() => import('../features/notifications/NotificationsPage'));
const SellersPage = screen(() => import('../features/sellers/SellersPage'));
const SellerDetailPage = screen(() => import('../features/sellers/SellerDetailPage'));
const BuyersPage = screen(() => import('../features/buyers/BuyersPage'));
const PricingPage = screen(() => import('../features/plans/PricingPage'));
const MailboxPage = screen(() => import('../features/dev/MailboxPage'));
const InventoryPage = screen(() => import('../features/inventory/InventoryPage'));
const LiveCartsPage = screen(() => import('../features/orders/LiveCartsPage'));
const WaitingListPage = screen(() => import('../features/orders/WaitingListPage'));
const ProductEditorPage = screen(() => import('../features/inventory/ProductEditorPage'));
// the public site's pages read their own texts (src/site), none of these
const SitePage = lazy(() => import('./SitePage'));
const LiveSellingPage = screen(() => import('../features/live/LiveSellingPage'));
const LiveConsolePage = screen(() => import('../features/live/LiveConsolePage'));
const LiveReportPage = screen(() => import('../features/live/LiveReportPage'));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage'));
const SandboxPayPage = lazy(() => import('../features/sandbox/SandboxPayPage'));
const PaymentsPage = screen(() => import('../features/payments/PaymentsPage'));
const PaymentSettingsPage = screen(() => import('../features/payments/PaymentSettingsPage'));
const SettingsPage = screen(() => import('../features/settings/SettingsPage'));
const ShippingListPage = screen(() => import('../features/shipping/ShippingListPage'));
const ShippingMethodPage = screen(() => import('../features/shipping/ShippingMethodPage'));
const FreeShippingPage = screen(() => import('../features/shipping/FreeShippingPage'));
const OrdersRoute = screen(() => import('../features/shopper/OrdersRoute'));
const MyPlanPage = screen(() => import('../features/plans/MyPlanPage'));
const BillingReturnPage = screen(() => import('../features/plans/BillingReturnPage'));
const DocumentsPage = screen(() => import('../features/documents/DocumentsPage'));
const PaymentPlansPage = screen(() => import('../features/paymentPlans/PaymentPlansPage'));
const SupportRoute = screen(() => import('../features/support/SupportRoute'));
const ChatbotPage = screen(() => import('../features/chatbot/ChatbotPage'));
const StoresPage = screen(() => import('../features/stores/StoresPage'));

/** A seller screen: sellers only, and only with a valid plan (SPEC §4). */
const sellerOnly = (page: ReactNode) => (
  <RequireRole roles={[ROLE.seller]}>
    <RequirePlan>{page}</RequirePlan>
  </RequireRole>
);

/**
 * A seller's billing screen (My Plan, My Documents, the return from the card page): open without a
 * valid plan, since that is where a seller takes or repairs one.
 */
const sellerBilling = (page: ReactNode) => <RequireRole roles={[ROLE.seller]}>{page}</RequireRole>;

/**
 * A screen of sellers and admin that a seller reaches without a valid plan too: writing to the
 * team is what a seller locked out of the tools may need most.
 */
const sellerOrAdminAnyPlan = (page: ReactNode) => (
  <RequireRole roles={[ROLE.seller, ROLE.admin]}>{page}</RequireRole>
);

/** An admin screen (the shipping catalogue). */
const adminOnly = (page: ReactNode) => <RequireRole roles={[ROLE.admin]}>{page}</RequireRole>;

/** A seller screen admin opens too (any seller's data): a seller still needs a valid plan. */
const sellerOrAdmin = (page: ReactNode) => (
  <RequireRole roles={[ROLE.seller, ROLE.admin]}>
    <RequirePlan>{page}</RequirePlan>
  </RequireRole>
);

/**
 * The public site's pages every visitor reads the same, signed in or not (FAQ, about, contact…):
 * the site's page in its own frame, without antd, as the server renders it.
 */
const sitePages: RouteObject[] = SITE_PAGE_IDS.filter(
  (id) => id !== 'home' && !SITE_PAGES_IN_APP.includes(id),
).map((id) => ({ path: SITE_PATHS[id].slice(1), element: <SitePage page={id} /> }));

/** The routes of one locale: French at `/`, English under `/en` (SPEC §2). */
function localeRoutes(locale: TLocale): RouteObject {
  return {
    path: locale === 'en' ? EN_PREFIX : '/',
    element: <LocaleRoot locale={locale} />,
    children: [
      { index: true, element: <HomeRedirect /> },
      // `/fr/…` is French without the prefix
      ...(locale === 'fr' ? [{ path: 'fr/*', element: <FrenchPrefixRedirect /> }] : []),
      // the shopper's pages: public, light, no back-office frame and no antd (their own chunks)
      { path: 'checkout/:orderNumber', element: <CheckoutPage /> },
      { path: 'sandbox/pay/:paymentId', element: <SandboxPayPage /> },
      ...sitePages,
      {
        // the plans and the guides: a visitor's public page; in the app's frame when signed in
        // (its own antd root: a toast does not follow the user from another screen to these)
        element: <SiteUnlessSignedIn />,
        children: [
          {
            element: <AntdRoot />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  { path: 'pricing', element: <PricingPage /> },
                  { path: 'guides', element: <SitePage page="guides" inApp /> },
                  { path: 'guides/liveselling', element: <SitePage page="guideLiveSelling" inApp /> },
                  { path: 'guides/rules-csv', element: <SitePage page="guideRulesCsv" inApp /> },
                ],
              },
            ],
          },
        ],
      },
      {
        // every page with the antd frame: antd (theme, toasts, modals) loads with it, on demand
        element: <AntdRoot />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              { path: 'signin', element: <SignInPage /> },
              { path: 'signup', element: <SignUpPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'verify-email', element: <SetPasswordPage mode="verify" /> },
              { path: 'restore-password', element: <SetPasswordPage mode="restore" /> },
            ],
          },
          {
            element: (
              <RequireAuth>
                <AppLayout />
              </RequireAuth>
            ),
            children: [
              {
                path: 'dashboard',
                element: (
                  <RequirePlan>
                    <DashboardPage />
                  </RequirePlan>
                ),
              },
              { path: 'liveorders', element: sellerOnly(<LiveCartsPage />) },
              { path: 'waiting-list', element: sellerOnly(<WaitingListPage />) },
              { path: 'inventory', element: sellerOnly(<InventoryPage />) },
              { path: 'inventory/new', element: sellerOnly(<ProductEditorPage />) },
              { path: 'inventory/:id', element: sellerOnly(<ProductEditorPage />) },
              { path: 'liveselling', element: sellerOnly(<LiveSellingPage />) },
              { path: 'liveselling/:id', element: sellerOnly(<LiveConsolePage />) },
              // a seller's replies and their system texts; admin's platform defaults
              { path: 'chatbot', element: sellerOrAdmin(<ChatbotPage />) },
              // admin reaches a live's report from the Orders screen filtered on that live
              { path: 'liveselling/:id/report', element: sellerOrAdmin(<LiveReportPage />) },
              { path: 'payment-setting', element: sellerOnly(<PaymentSettingsPage />) },
              { path: 'stores', element: sellerOnly(<StoresPage />) },
              { path: 'settings', element: sellerOnly(<SettingsPage />) },
              { path: 'settings/free-shipping', element: sellerOnly(<FreeShippingPage />) },
              // a seller's switches and prices of the catalogue's methods; admin's catalogue
              { path: 'shipping/list', element: sellerOrAdmin(<ShippingListPage />) },
              { path: 'shipping/add-method', element: adminOnly(<ShippingMethodPage />) },
              { path: 'shipping/edit/:id', element: adminOnly(<ShippingMethodPage />) },
              { path: 'payments', element: sellerOrAdmin(<PaymentsPage />) },
              // a seller's shoppers; admin's Clients and Shoppers
              { path: 'buyers', element: sellerOrAdmin(<BuyersPage />) },
              // a shopper's own orders; the seller's and admin's Orders screen
              { path: 'orders', element: <OrdersRoute /> },
              { path: 'account', element: <AccountPage /> },
              { path: 'account/plan', element: sellerBilling(<MyPlanPage />) },
              { path: 'billing/return', element: sellerBilling(<BillingReturnPage />) },
              { path: 'documents', element: sellerBilling(<DocumentsPage />) },
              { path: 'payment-plans', element: adminOnly(<PaymentPlansPage />) },
              { path: 'notifications', element: <NotificationsPage /> },
              // a seller's help requests; the team's inbox for admin
              { path: 'support', element: sellerOrAdminAnyPlan(<SupportRoute />) },
              {
                path: 'sellers',
                element: adminOnly(<SellersPage />),
              },
              { path: 'sellers/:id', element: adminOnly(<SellerDetailPage />) },
            ],
          },
          {
            element: <SessionLayout />,
            children: [
              { path: 'dev/mailbox', element: <MailboxPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  };
}

export const routes: RouteObject[] = [localeRoutes('en'), localeRoutes('fr')];
