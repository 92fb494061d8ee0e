/** The example import file the server serves (GET products/csv-example): two products, one with variations. */
export const CSV_EXAMPLE_URL = '/api/products/csv-example';
