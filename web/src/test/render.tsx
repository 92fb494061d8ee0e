import type { TCurrentUser } from '@livecart/contract/user';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AntdProviders } from '../app/AntdRoot';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/queryClient';

/** Shows the router's current address, so tests can check where the app went. */
export function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

export const currentLocation = (container: HTMLElement) =>
  container.querySelector('[data-testid="location"]')?.textContent ?? '';

/** Renders `ui` in the app's providers and antd's (as the layouts give pages) at `route`, as `user`. */
export function renderWithApp(
  ui: ReactElement,
  opts: { route?: string; user?: TCurrentUser | null; client?: QueryClient } = {},
) {
  const client = opts.client ?? createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  if (opts.user !== undefined) client.setQueryData(['session'], opts.user);
  const result = render(
    <AppProviders client={client}>
      <AntdProviders>
        <MemoryRouter initialEntries={[opts.route ?? '/']}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </AntdProviders>
    </AppProviders>,
  );
  return { ...result, client };
}

/** A user of the given role, active, with a real subscription. */
export function makeUser(patch: Partial<TCurrentUser> = {}): TCurrentUser {
  return {
    id: 7,
    email: 'ana@example.com',
    email_real: null,
    first_name: 'Ana',
    last_name: 'Martin',
    phone: null,
    company_name: null,
    photo: null,
    role_id: 2,
    status: 'active',
    subscription_id: 'sub_123',
    subscription_expired: false,
    selected_locale: 'fr',
    planId: 1,
    ...patch,
  };
}

export { QueryClient };
