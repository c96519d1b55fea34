import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n, loadCatalogArea } from '../i18n/i18n';

beforeAll(async () => {
  await initI18n('it');
  // Pages get their catalog areas from the route table (app/routes.tsx); the tests render pages directly.
  await Promise.all([loadCatalogArea('people'), loadCatalogArea('workingTime'), loadCatalogArea('attendance')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});
