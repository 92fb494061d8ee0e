/** Business constants and limits of SPEC §9, shared by the server and the web app. */

export const ROLE = { buyer: 1, seller: 2, admin: 3 } as const;
export type TRoleId = (typeof ROLE)[keyof typeof ROLE];

export const LOCALES = ['fr', 'en'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'fr';
export const TIME_ZONE = 'Europe/Paris';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_LIMIT = 25;
export const DASHBOARD_PAGE_SIZE = 5;
export const STORES_PAGE_SIZE = 20;
export const MAX_LIST_LIMIT = 100;

export const TOAST_DURATION_MS = 4000;
export const COOKIE_CONSENT_DAYS = 150;
export const COOKIE_CONSENT_NAME = 'cookie_consent';
export const REDIRECT_DELAY_MS = 1000;
export const LINK_SETTINGS_RELOAD_MS = 3000;
export const SIDEBAR_BREAKPOINT_PX = 991;
export const MOBILE_BREAKPOINT_PX = 768;
export const NOTIFICATION_BADGE_CAP = 999;

export const MIN_LENGTH = {
  password: 6,
  phone: 5,
  city: 3,
  state: 3,
  address: 5,
  generic: 3,
  support: 50,
} as const;

/** The largest id: ids are PostgreSQL integers. */
export const MAX_ID = 2_147_483_647;

export const MAX_COLORS = 15;
export const MAX_SIZES = 37;

/** Size tables the reference sizes are grouped in (the editor shows one table at a time). */
export const SIZE_TABLES = ['letters', 'eu', 'shoes', 'one_size'] as const;
export type TSizeTable = (typeof SIZE_TABLES)[number];

/** Product photos: .jpg, .png or .webp checked by content, at most 5 MB each and 10 per product. */
export const MAX_PRODUCT_PHOTOS = 10;
export const PRODUCT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Thumbnails for lists fit in a square of this many pixels. */
export const PRODUCT_THUMB_PX = 320;
/** Highest price (euros) and stock a configuration may have. */
export const MAX_PRICE_EUROS = 1_000_000;
export const MAX_QUANTITY = 1_000_000;
/** Longest keyword, after normalisation. */
export const MAX_KEYWORD_LENGTH = 50;
/** A CSV import file is at most this big. */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;
/** A seller has at most this many products (not deleted): creating, copying or importing past it is refused. */
export const MAX_PRODUCTS_PER_SELLER = 10_000;
export const CART_DURATION_MAX_MINUTES = 24 * 60;
/** Most ids one bulk action (bulk delete, copy, download…) takes: more is refused (`too_many_checked`). */
export const MAX_CHECKED_IDS = MAX_PRODUCTS_PER_SELLER;

export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const TRIAL_DAYS = 30;

export const DOCUMENT_TYPES = ['policy', 'terms', 'delivery', 'return'] as const;
export type TDocumentType = (typeof DOCUMENT_TYPES)[number];

export const ORDER_STATUSES = ['new', 'payed', 'shipped', 'canceled', 'expired'] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

export const LIVE_SESSION_STATUSES = ['scheduled', 'live', 'closed'] as const;
export type TLiveSessionStatus = (typeof LIVE_SESSION_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'incomplete',
  'cancel_at_period_end',
  'unsubscribed',
] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** User account statuses. A seller whose status is `cancel` is sent to /pricing. */
export const USER_STATUSES = ['pending', 'active', 'skipping', 'cancel', 'blocked'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];

/** Markers in a subscription id that mean the seller never subscribed for real. */
export const FAKE_SUBSCRIPTION_MARKERS = ['fake_sub', 'skip_sub'] as const;

export const PLANS = {
  basic: { monthlyCents: 4900, percent: 5 },
  business: { monthlyCents: 14900, percent: 3 },
  platinum: { monthlyCents: null, percent: null },
} as const;

/** Monthly sales each plan is meant for, in euros (SPEC §9): Basic under 5,000, Business above, Platinum above 50,000. */
export const PLAN_MONTHLY_SALES_EUR = {
  basic: { below: 5000 },
  business: { above: 5000 },
  platinum: { above: 50000 },
} as const;
