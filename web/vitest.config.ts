import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { textAreas } from './textAreas.ts';

export default defineConfig({
  plugins: [react(), textAreas()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 15000,
    // The product shows Europe/Paris time whatever the device's zone: the whole suite runs in New
    // York (6 hours behind Paris, and its clocks skip an hour on a night Paris' do not).
    env: { TZ: 'America/New_York' },
  },
});
