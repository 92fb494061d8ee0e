import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 15000,
    // The product shows Europe/Paris time whatever the browser's zone: the suite runs elsewhere.
    env: { TZ: 'America/New_York' },
  },
});
