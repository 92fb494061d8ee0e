import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { mockApi } from '../test/fetch';
import { LocaleRoot } from './LocaleRoot';
import { AppProviders } from './providers';
import { createQueryClient } from './queryClient';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The bell's latest notice as the server answers it, and the language switch. */
function Bell() {
  const navigate = useNavigate();
  const notices = useQuery({
    queryKey: ['notifications', 'latest'],
    queryFn: () => api.get<{ items: { title: string }[] }>('/new-notice'),
  });
  return (
    <>
      <output data-testid="bell">{notices.data?.items[0]?.title}</output>
      <button type="button" onClick={() => navigate('/en/dashboard')}>
        EN
      </button>
    </>
  );
}

describe('screens #2: the bell speaks the language of the page it is read on', { timeout: 30_000 }, () => {
  it('asks the server in the page language, and again in the other one after a switch', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/new-notice': (init: RequestInit) => {
        const locale = (init.headers as Record<string, string>)['X-Page-Locale'];
        asked.push(locale);
        return {
          count: 1,
          cntNew: 1,
          items: [{ title: locale === 'en' ? 'New cart LC1' : 'Nouveau panier LC1' }],
        };
      },
    });
    window.history.replaceState(null, '', '/dashboard');
    const router = createBrowserRouter([
      {
        path: '/en',
        element: <LocaleRoot locale="en" />,
        children: [{ path: 'dashboard', element: <Bell /> }],
      },
      {
        path: '/',
        element: <LocaleRoot locale="fr" />,
        children: [{ path: 'dashboard', element: <Bell /> }],
      },
    ]);
    render(
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('bell').textContent).toBe('Nouveau panier LC1'));
    act(() => screen.getByText('EN').click());
    await waitFor(() => expect(screen.getByTestId('bell').textContent).toBe('New cart LC1'));
    expect(asked).toEqual(['fr', 'en']);
  });
});
