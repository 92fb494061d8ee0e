import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadLocale } from '../app/i18n';
import { TEXT_AREAS } from '../i18n/areas';

// the app loads one language's texts on demand, in parts; tests switch languages and screens freely
await Promise.all([loadLocale('fr', TEXT_AREAS), loadLocale('en', TEXT_AREAS)]);

// Pages are lazy-loaded chunks: on a busy machine the first import takes more than the default 1 s.
configure({ asyncUtilTimeout: 8000 });

// jsdom has neither matchMedia nor ResizeObserver, which antd's responsive parts use
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  // the plain toasts of pages without antd (app/notify.ts) live outside React's containers
  document.getElementById('plain-toasts')?.remove();
  localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting test cookies
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});
