import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n, loadCatalogArea } from '../i18n/i18n';
import { dropEarly } from '../lib/early-requests';

// findBy… and waitFor wait up to 5 s (the default, 1 s, ran out on the 2-core CI machine under load: a grid that
// renders in 300 ms alone took over a second while other workers typed into forms). A wait ends as soon as it holds.
configure({ asyncUtilTimeout: 5000 });

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
  // An early call a test started is not left for the next test (or file) to take.
  dropEarly();
});
