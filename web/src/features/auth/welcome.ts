/*
 * The welcome a newcomer reads on their dashboard once the e-mailed link has set their password
 * and signed them in. It travels in the router's location state, so it shows on that arrival
 * (and a reload of it) until closed, never on a later visit.
 */

/** Location state of the dashboard right after the account was confirmed. */
export interface WelcomeState {
  welcome: true;
}

export const WELCOME_STATE: WelcomeState = { welcome: true };

export const isWelcomeState = (state: unknown): state is WelcomeState =>
  typeof state === 'object' && state !== null && (state as Partial<WelcomeState>).welcome === true;
