import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusPage } from './status-page';

describe('StatusPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the API health it fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 'ok', database: { kind: 'pglite' }, migrations: { applied: 1, expected: 1 } }))),
    );
    render(<StatusPage />);
    expect(await screen.findByTestId('health')).toHaveTextContent('Servizio attivo · database pglite');
  });

  it('says so when the server does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('network'))));
    render(<StatusPage />);
    expect(await screen.findByText('Il server non risponde. Riprova tra qualche istante.')).toBeInTheDocument();
  });
});
