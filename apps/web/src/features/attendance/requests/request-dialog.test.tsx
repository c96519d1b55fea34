import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Justification } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, marioUser, sessionOf } from '../../../testing/fake-api';
import { absenceRequest } from '../../../testing/fixtures';
import { page, renderRoutes } from '../../../testing/render';
import { RequireAuth } from '../../../lib/auth/require-auth';
import { RequestDialog } from './request-dialog';

const user = userEvent.setup({ delay: null });
const session = sessionOf(marioUser);
const j = (
  id: string,
  code: string,
  name: string,
  unit: 'hour' | 'day',
  extra: Partial<Justification> = {},
): Justification => ({
  id,
  code,
  name,
  unit,
  impact: 'nothing',
  enabled: true,
  groupId: 'g1',
  groupName: 'Ferie e permessi',
  requiresCertificate: false,
  payrollCode: null,
  ...extra,
});
const justifications = [
  j('j-fer', 'FER', 'Ferie', 'day'),
  j('j-rol', 'ROL', 'Permesso ROL', 'hour'),
  j('j-mal', 'MAL', 'Malattia', 'day', { requiresCertificate: true, groupName: 'Malattia e infortunio' }),
];
const created = absenceRequest({
  id: 'r-new',
  justification: { id: 'j-rol', code: 'ROL', name: 'Permesso ROL', unit: 'hour', impact: 'nothing' },
  date: '2026-11-12',
  wholeDay: false,
  startsAtMinutes: 840,
  endsAtMinutes: 960,
  amount: 2,
  createdAt: '2026-11-10T09:00:00Z',
});

function setup(overrides: Parameters<typeof fakeApi>[0] = {}, initialDate = '2026-11-12') {
  const api = fakeApi({
    ...session,
    'GET /attendance/ajax/justifications': () => json(200, justifications),
    'GET /member/accrual': () =>
      json(200, {
        date: '2026-11-12',
        balances: [
          {
            justification: { id: 'j-rol', code: 'ROL', name: 'Permesso ROL', unit: 'hour' },
            balance: 1.5,
            accrued: 12,
            adjusted: 0,
            used: 10.5,
            entries: [],
          },
        ],
      }),
    'GET /member/justification-request': () =>
      json(200, { items: [{ ...created, id: 'r-other', amount: 0.5 }], total: 1, page: 1, perPage: 200 }),
    'POST /member/justification-request': () =>
      json(200, {
        items: [created],
        warnings: [{ code: 'OVER_QUOTA', message: 'La richiesta supera il saldo disponibile (residuo: 1 ora)' }],
      }),
    ...overrides,
  });
  renderRoutes(
    [
      page(
        '/member/calendar',
        <RequireAuth permission="attendance:write:own">
          <RequestDialog
            open
            scope="member"
            initialDate={initialDate}
            expectedMinutes={480}
            onClose={() => undefined}
          />
        </RequireAuth>,
      ),
    ],
    '/member/calendar',
  );
  return api;
}

describe('request dialog', { timeout: 20_000 }, () => {
  it('validates in Italian, shows the balance and the over-balance hint, sends the time range, then the server warning and the status', async () => {
    const { calls } = setup();
    const dialog = await screen.findByTestId('request-dialog');
    expect(within(dialog).getByTestId('request-approval-note')).toHaveTextContent(
      "La richiesta sarà inviata all'amministratore per l'approvazione.",
    );
    await user.click(within(dialog).getByTestId('request-submit'));
    expect(await within(dialog).findByText('Seleziona il giustificativo')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Giustificativo/ }));
    await user.click(await screen.findByRole('option', { name: 'Permesso ROL (ore)' }));
    expect(await within(dialog).findByText('Si conta in ore')).toBeInTheDocument();
    // A whole day of 8 h against 1,5 h left (2 h minus 0,5 h already pending).
    const balance = await within(dialog).findByTestId('request-balance');
    expect(balance).toHaveTextContent('Saldo di Permesso ROL al 12 novembre 2026: 1,5 h');
    expect(await within(dialog).findByTestId('request-balance-pending')).toHaveTextContent(
      'Già richiesti e in approvazione: 0,5 h. Residuo: 1 h.',
    );
    expect(within(dialog).getByTestId('request-over-balance')).toHaveTextContent(
      'Questa richiesta (8 h) supera il saldo residuo (1 h)',
    );

    await user.click(within(dialog).getByTestId('request-mode-range'));
    await user.click(within(dialog).getByTestId('request-submit'));
    expect(await within(dialog).findByText('Inserisci l’orario di inizio')).toBeInTheDocument();
    expect(within(dialog).getByText('Inserisci l’orario di fine')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('request-start'), '14');
    await user.type(within(dialog).getByTestId('request-end'), '1600');
    await user.click(within(dialog).getByTestId('request-note'));
    expect(within(dialog).getByTestId('request-start')).toHaveValue('14:00');
    expect(within(dialog).getByTestId('request-end')).toHaveValue('16:00');
    expect(within(dialog).getByTestId('request-over-balance')).toHaveTextContent(
      'Questa richiesta (2 h) supera il saldo residuo (1 h)',
    );
    await user.click(within(dialog).getByTestId('request-submit'));

    const result = await screen.findByTestId('request-result');
    expect(within(result).getByTestId('request-warning-OVER_QUOTA')).toHaveTextContent(
      'La richiesta supera il saldo disponibile (residuo: 1 ora)',
    );
    expect(within(result).getByTestId('request-result-status')).toHaveTextContent(
      'In approvazioneIn attesa di approvazione',
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: '2026-11-12',
      justificationId: 'j-rol',
      category: 'regular',
      wholeDay: false,
      startsAtMinutes: 840,
      endsAtMinutes: 960,
      amount: null,
      certificateCode: null,
      note: null,
    });
  });

  it('asks for the certificate code only for types that need one, and puts the server field errors on the fields', async () => {
    const overlap = 'Si sovrappone a un’altra richiesta: 12/11/2026 (Ferie, intera giornata)';
    const { calls } = setup({
      'POST /member/justification-request': () =>
        json(409, { code: 'CONFLICT', message: overlap, errors: [{ path: 'date', message: overlap }] }),
    });
    const dialog = await screen.findByTestId('request-dialog');
    expect(within(dialog).queryByTestId('request-certificate')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Giustificativo/ }));
    await user.click(await screen.findByRole('option', { name: 'Malattia (giorni)' }));
    expect(within(dialog).getByTestId('request-certificate')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('request-certificate'), 'ab-1');
    await user.click(within(dialog).getByTestId('request-submit'));
    expect(
      await within(dialog).findByText('Il codice del certificato può contenere solo lettere e numeri (al massimo 20)'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByTestId('request-certificate'));
    await user.type(within(dialog).getByTestId('request-certificate'), 'ab12');
    expect(within(dialog).getByTestId('request-certificate')).toHaveValue('AB12');
    await user.click(within(dialog).getByTestId('request-submit'));
    // The server's overlap lands on the date field; the dialog stays open.
    expect(await within(dialog).findByText(overlap)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      justificationId: 'j-mal',
      wholeDay: true,
      certificateCode: 'AB12',
    });
    expect(screen.queryByTestId('request-result')).not.toBeInTheDocument();
  });
});

/** Types a date in a picker's field (gg/mm/aaaa in Italian). */
async function typeDate(dialog: HTMLElement, label: RegExp, ddmmyyyy: string) {
  const group = within(dialog).getByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(ddmmyyyy);
}

describe('request dialog: a date being typed (issue 30 item 17)', { timeout: 30_000 }, () => {
  it('asks for the balance only of whole dates: none while the year is typed digit by digit', async () => {
    const { fetchMock } = setup();
    const dialog = await screen.findByTestId('request-dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Giustificativo/ }));
    await user.click(await screen.findByRole('option', { name: 'Permesso ROL (ore)' }));
    const asked = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((u) => u.pathname === '/api/v1/member/accrual')
        .map((u) => u.searchParams.get('date'));
    await waitFor(() => expect(asked()).toContain('2026-11-12'));
    // 3 December 2026, typed as a person types it: the year goes 0002, 0020, 0202, 2026.
    await typeDate(dialog, /^Data/, '03122026');
    await waitFor(() => expect(asked()).toContain('2026-12-03'));
    expect(asked().filter((d) => !d || d < '1900-01-01')).toEqual([]);
  });
});

describe('request dialog: closed months (issue 30)', { timeout: 30_000 }, () => {
  const closed = (months: string[]) => ({ 'GET /attendance/ajax/closed-months': () => json(200, { months }) });

  it('a date in a closed month is flagged before sending, its days cannot be picked, and nothing is sent', async () => {
    const { calls } = setup(closed(['2026-10', '2026-11']));
    const dialog = await screen.findByTestId('request-dialog');
    const message = 'Il mese di novembre 2026 è chiuso: non puoi più inserire o modificare richieste in quel mese';
    // At once, before any submit: the day clicked in the calendar is in a closed month.
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByTestId('request-closed-hint')).toHaveTextContent(
      "Non puoi scegliere i giorni dei mesi chiusi (l'ultimo chiuso è novembre 2026).",
    );
    await user.click(within(dialog).getByRole('combobox', { name: /Giustificativo/ }));
    await user.click(await screen.findByRole('option', { name: 'Ferie (giorni)' }));
    await user.click(within(dialog).getByTestId('request-submit'));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The picker's days of a closed month are disabled.
    await user.click(within(dialog).getByRole('button', { name: /Scegli la data|Choose date/ }));
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getByRole('gridcell', { name: '20' })).toBeDisabled();

    await user.keyboard('{Escape}');
    // A day of an open month: no flag, and the request goes.
    await typeDate(dialog, /^Data/, '01122026');
    await waitFor(() => expect(within(dialog).queryByText(message)).not.toBeInTheDocument());
    await user.click(within(dialog).getByTestId('request-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      date: '2026-12-01',
      justificationId: 'j-fer',
    });
  });

  it('a period over a closed month is refused here, on the field that touches it', async () => {
    const { calls } = setup(closed(['2026-10']), '2026-09-28');
    const dialog = await screen.findByTestId('request-dialog');
    expect(await within(dialog).findByTestId('request-closed-hint')).toHaveTextContent('ottobre 2026');
    await user.click(within(dialog).getByRole('combobox', { name: /Giustificativo/ }));
    await user.click(await screen.findByRole('option', { name: 'Ferie (giorni)' }));
    await user.click(within(dialog).getByTestId('request-multi-day'));
    await typeDate(dialog, /^Al/, '03112026');
    await user.click(within(dialog).getByTestId('request-submit'));
    expect(
      await within(dialog).findByText(
        'Il periodo comprende il mese di ottobre 2026, che è chiuso: scegli date fuori dai mesi chiusi',
      ),
    ).toBeInTheDocument();
    // An end typed inside the closed month is flagged at once.
    await typeDate(dialog, /^Al/, '15102026');
    expect(
      await within(dialog).findByText(
        'Il mese di ottobre 2026 è chiuso: non puoi più inserire o modificare richieste in quel mese',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
