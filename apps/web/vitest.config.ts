import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Playwright specs live in e2e/ and run with `npm run test:e2e`, not here.
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
