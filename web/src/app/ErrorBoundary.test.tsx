import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';
import i18n from './i18n';

function Broken(): never {
  throw new Error('render failed');
}

function app() {
  return render(
    <MemoryRouter initialEntries={['/broken']}>
      <Link to="/fine">next</Link>
      <ErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="/fine" element={<p>Écran suivant</p>} />
        </Routes>
      </ErrorBoundary>
    </MemoryRouter>,
  );
}

describe('ErrorBoundary', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('fr');
  });

  it('a screen that throws shows a message and a reload button, in French by default', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    app();
    expect(screen.getByRole('alert').textContent).toContain('Cette page a rencontré une erreur.');
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeTruthy();
  });

  it('in English too, and the next address renders afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('en');
    app();
    expect(screen.getByRole('alert').textContent).toContain('This page ran into an error.');
    fireEvent.click(screen.getByText('next'));
    expect(await screen.findByText('Écran suivant')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
