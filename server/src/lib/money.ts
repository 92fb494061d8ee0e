/** Cents from the database (number, numeric string or bigint) as euros with 2 decimals. */
export const toEuros = (cents: number | string | bigint | null | undefined): number =>
  Math.round(Number(cents ?? 0)) / 100;
