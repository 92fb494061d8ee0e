/** Sends the browser to another site (the payment page, or back from it). A module of its own so tests can stand in for it. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
