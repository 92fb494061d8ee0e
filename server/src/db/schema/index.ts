/**
 * Every table of the product, gathered for drizzle-kit and the typed client. Each module owns the
 * tables of its `tables.ts` (docs/architecture.md): code imports its own module's tables, never this
 * file and never another module's tables.
 */
export * from '../../jobs/tables.ts';
export * from '../../modules/auth/tables.ts';
export * from '../../modules/buyers/tables.ts';
export * from '../../modules/chatbot/tables.ts';
export * from '../../modules/dev/tables.ts';
export * from '../../modules/documents/tables.ts';
export * from '../../modules/invoices/tables.ts';
export * from '../../modules/live/tables.ts';
export * from '../../modules/notifications/tables.ts';
export * from '../../modules/orders/tables.ts';
export * from '../../modules/payments/tables.ts';
export * from '../../modules/plans/tables.ts';
export * from '../../modules/products/tables.ts';
export * from '../../modules/reference/tables.ts';
export * from '../../modules/sellers/tables.ts';
export * from '../../modules/settings/tables.ts';
export * from '../../modules/shipping/tables.ts';
export * from '../../modules/shopsync/tables.ts';
export * from '../../modules/stores/tables.ts';
export * from '../../modules/support/tables.ts';
export * from '../../modules/users/tables.ts';
