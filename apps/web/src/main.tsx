import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyChangePlatform } from './app/change-platform.ts';
import { setupI18n } from './i18n/i18n.ts';

// Arriving with ?changeplatform=<token> swaps the session and reloads before anything renders.
if (!applyChangePlatform(window.location)) {
  setupI18n();
  const { App } = await import('./app/App.tsx');
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
