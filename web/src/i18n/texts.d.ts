/** One part of one language's texts (textAreas.ts, src/i18n/areas.ts): `virtual:texts/fr/shopper`. */
declare module 'virtual:texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
