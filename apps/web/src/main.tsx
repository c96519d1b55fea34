import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import type { AppConfig } from '@timbro/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startBootRequests } from './lib/early-requests';
import { initI18n } from './i18n/i18n';
import { registerServiceWorker } from './lib/pwa/register';
import { initialLanguage } from './i18n/languages';

async function loadAppConfig(): Promise<AppConfig | null> {
  try {
    const res = await fetch('/api/v1/app-config', { credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as AppConfig) : null;
  } catch {
    return null;
  }
}

async function start() {
  const [config] = await Promise.all([loadAppConfig(), initI18n(initialLanguage())]);
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
  // for the whole tree (no long task: input and painting go on meanwhile).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App variant={config?.theme_variant ?? 'active'} />
      </StrictMode>,
    ),
  );
}

// The session's calls (and the dashboard's figures) leave now, beside the app's configuration and texts.
startBootRequests(window.location.pathname, window.location.search);
void start();
// The installed app's service worker, after the first paint (lib/pwa/register.ts).
registerServiceWorker();
