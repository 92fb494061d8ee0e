import type { TPaymentPlan } from '@livecart/contract/billing';
import type { TLocale } from '@livecart/contract/constants';
import { localized } from './text';

const wholeEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
});
const percents = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** An amount in euros as the product writes it: `49 €`, `1 234,50 €` (French format in both languages). */
export function formatEuros(value: number): string {
  const n = Math.round(value * 100) / 100;
  return (Number.isInteger(n) ? wholeEuros : euros).format(n);
}

/** The plans' wording, the same as the signed-in app's pricing page (i18n `pricing.*`). */
export const planText = localized({
  fr: {
    perMonth: (price: string) => `${price} / mois`,
    perYear: (price: string) => `${price} / an`,
    percentOfSales: (percent: number) => `+ ${percents.format(percent)} % des ventes`,
    percentNegotiated: 'Pourcentage des ventes négocié',
    onRequest: 'Sur demande',
    salesBelow: (amount: string) => `Pour des ventes mensuelles inférieures à ${amount}`,
    salesAbove: (amount: string) => `Pour des ventes mensuelles supérieures à ${amount}`,
    exclVat: 'HT',
    trial: (days: number) => `${days} jours d’essai gratuit, sans prélèvement avant la fin.`,
  },
  en: {
    perMonth: (price: string) => `${price} / month`,
    perYear: (price: string) => `${price} / year`,
    percentOfSales: (percent: number) => `+ ${percents.format(percent)} % of sales`,
    percentNegotiated: 'Negotiated percent of sales',
    onRequest: 'On request',
    salesBelow: (amount: string) => `For monthly sales under ${amount}`,
    salesAbove: (amount: string) => `For monthly sales above ${amount}`,
    exclVat: 'excl. VAT',
    trial: (days: number) => `${days}-day free trial, nothing charged before it ends.`,
  },
});

/** A plan's monthly price line: `49 € / mois`, or `Sur demande` for a plan on request. */
export function monthlyPrice(plan: TPaymentPlan, locale: TLocale): string {
  const t = planText(locale);
  return plan.on_request || plan.price === null ? t.onRequest : t.perMonth(formatEuros(plan.price));
}

/** A plan's yearly price line, or null when it is monthly only (or on request). */
export function yearlyPrice(plan: TPaymentPlan, locale: TLocale): string | null {
  if (plan.on_request || plan.yearly_price === null) return null;
  return planText(locale).perYear(formatEuros(plan.yearly_price));
}

/** The percent of sales a plan takes, or the negotiated note when it has none. */
export function percentLine(plan: TPaymentPlan, locale: TLocale): string {
  const t = planText(locale);
  return plan.percent === null ? t.percentNegotiated : t.percentOfSales(plan.percent);
}

/** The monthly sales a plan suits: below the limit for Basic, above it for the others. */
export function salesLine(plan: TPaymentPlan, locale: TLocale): string | null {
  if (plan.sales_limit === null) return null;
  const t = planText(locale);
  const amount = formatEuros(plan.sales_limit);
  return plan.code === 'basic' ? t.salesBelow(amount) : t.salesAbove(amount);
}
