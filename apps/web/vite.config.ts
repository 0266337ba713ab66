import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development Vite serves the app and forwards the API (and its WebSocket) to the server.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
  build: { outDir: 'dist', sourcemap: true },
});
