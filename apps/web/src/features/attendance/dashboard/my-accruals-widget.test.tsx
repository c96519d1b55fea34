import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { fakeApi, json, marioUser, sessionOf } from '../../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../../testing/render';
import { formatAmount } from '../requests/request-text';
import { MyAccrualsWidget } from './my-accruals-widget';

const balance = (
  code: string,
  name: string,
  unit: 'hour' | 'day',
  accrued: number,
  adjusted: number,
  used: number,
) => ({
  justification: { id: `j-${code}`, code, name, unit },
  accrued,
  adjusted,
  used,
  balance: accrued + adjusted - used,
  entries: [],
});

describe('my accruals widget', { timeout: 20_000 }, () => {
  it('shows what makes up each balance: accrued, adjustments, used — and the balance', async () => {
    fakeApi({
      ...sessionOf(marioUser),
      'GET /dashboard': () =>
        json(200, {
          today: '2026-11-18',
          timeZone: 'Europe/Rome',
          myAccruals: {
            date: '2026-11-18',
            balances: [balance('FER', 'Ferie', 'day', 22.5, -2, 10), balance('ROL', 'Permesso ROL', 'hour', 12, 0, 13)],
          },
        }),
    });
    renderRoutes([guardedPage('/dashboard', 'profile:read', <MyAccrualsWidget />)], '/dashboard');
    const widget = await screen.findByTestId('widget-accruals', {}, { timeout: 8_000 });
    expect(await within(widget).findByTestId('accrual-FER')).toHaveTextContent('10,5 gg');
    expect(within(widget).getByTestId('accrual-FER-detail')).toHaveTextContent(
      /^maturati 22,5 gg · rettifiche [-−]2 gg · fruiti 10 gg$/,
    );
    expect(within(widget).getByTestId('accrual-ROL')).toHaveTextContent(/^[-−]1 h$/);
    expect(within(widget).getByTestId('accrual-ROL-detail')).toHaveTextContent(
      'maturati 12 h · rettifiche 0 h · fruiti 13 h',
    );
    expect(within(widget).getByText('Saldo')).toBeInTheDocument();
    expect(
      within(widget)
        .getAllByRole('term')
        .map((t) => t.firstChild?.textContent),
    ).toEqual(['Ferie', 'Permesso ROL']);
  });

  it('isolates a negative amount in Arabic even before the page turns right to left (or "-2" reads "2-")', () => {
    expect(document.documentElement.dir).not.toBe('rtl');
    expect(formatAmount(-2, 'hour', 'ar', i18n.t)).toMatch(/\u2066.*2\u2069/);
    expect(formatAmount(-2, 'hour', 'it', i18n.t)).toBe('-2 h');
  });
});
