import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contract, TemplateDay, User } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, sessionOf } from '../../testing/fake-api';
import { officeSlot, week40 } from '../../testing/fixtures';
import { guardedPage, page, renderRoutes } from '../../testing/render';
import { ContractEditRoute, ContractNewRoute } from '../../app/pages/contract-pages';

const user = userEvent.setup({ delay: null });

const mario = { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi', roles: ['member'], enabled: true } as User;
const morning: TemplateDay = {
  id: 'td-2',
  name: 'Mattina',
  description: null,
  timeSlots: [
    { ...officeSlot, startsAtMinutes: 480, endsAtMinutes: 720, pauseStartsAtMinutes: null, pauseEndsAtMinutes: null },
  ],
  minutes: 240,
};
const justifications = [
  {
    id: 'j-fer',
    code: 'FER',
    name: 'Ferie',
    impact: 'nothing',
    unit: 'day',
    enabled: true,
    groupId: null,
    groupName: null,
    requiresCertificate: false,
    payrollCode: 'FE',
  },
  {
    id: 'j-rol',
    code: 'ROL',
    name: 'Permesso ROL',
    impact: 'nothing',
    unit: 'hour',
    enabled: true,
    groupId: null,
    groupName: null,
    requiresCertificate: false,
    payrollCode: 'RO',
  },
];
const contract: Contract = {
  id: 'c-1',
  userInfoId: 'ui-mario',
  employee: { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi' },
  type: 'fixed',
  workerType: 'employee',
  qualification: 'Impiegato',
  ccnlLevel: '3° livello',
  description: null,
  startsAt: '2027-01-01',
  endsAt: '2027-12-31',
  permanent: false,
  status: 'future',
  expiring: false,
  fixedTerm: null,
  justificationAccruals: [{ justificationId: 'j-fer', code: 'FER', name: 'Ferie', unit: 'day', monthlyIncrease: 2.17 }],
  timeSlots: [{ weekday: 1, ...officeSlot }],
  weeklyMinutes: 480,
  createdAt: '2026-11-22T08:00:00.000Z',
};

const api = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    ...sessionOf(),
    'GET /admin/user/ui-mario': () => json(200, mario),
    'GET /admin/user/ui-mario/contract': () => json(200, []),
    'GET /attendance/ajax/justifications': () => json(200, justifications),
    'GET /attendance/ajax/template-weeks': () => json(200, [week40]),
    'GET /attendance/ajax/template-days': () => json(200, [morning]),
    ...extra,
  });

const routes = [
  guardedPage('/admin/user/:id/contract/new', 'contract:write', <ContractNewRoute />),
  guardedPage('/admin/user/:id/contract/:contractId/edit', 'contract:write', <ContractEditRoute />),
  page('/admin/user/:id/contract', <p>contratti</p>),
];

const choose = async (label: string | RegExp, option: string | RegExp) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('contract form', { timeout: 60_000 }, () => {
  it('new contract: the first one says so; Italian messages; weekly and daily templates fill the week after a warning', async () => {
    const { calls } = api();
    renderRoutes(routes, '/admin/user/ui-mario/contract/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo contratto' })).toBeInTheDocument();
    expect(await screen.findByTestId('first-contract-banner')).toHaveTextContent('È il primo contratto di Mario Rossi');

    await user.click(screen.getByTestId('contract-form-submit'));
    expect(await screen.findByText('Seleziona il tipo di lavoratore')).toBeInTheDocument();
    expect(screen.getByText('Inserisci la data di inizio')).toBeInTheDocument();
    expect(screen.getByTestId('slot-list-error')).toHaveTextContent('Inserisci almeno una fascia oraria');

    // Not permanent: an end date is needed.
    await user.click(screen.getByTestId('contract-permanent'));
    await user.click(screen.getByTestId('contract-form-submit'));
    expect(
      await screen.findByText('Inserisci la data di fine oppure indica che il contratto è a tempo indeterminato'),
    ).toBeInTheDocument();

    // The weekly template: Monday to Friday 9–18 with lunch, 40 hours.
    await user.click(screen.getByTestId('apply-week'));
    const weekDialog = await screen.findByRole('dialog', { name: 'Applica un modello settimanale' });
    await choose('Modello settimanale', /Tempo pieno 40 ore \(40:00 ore\)/);
    expect(within(weekDialog).queryByTestId('apply-replace-warning')).not.toBeInTheDocument();
    await user.click(within(weekDialog).getByRole('button', { name: 'Applica' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('slot-total-value')).toHaveTextContent('40:00 ore');
    expect(screen.getByLabelText('Venerdì, fascia 1: Inizio')).toHaveValue('09:00');

    // A daily template on Friday and Saturday replaces Friday's slots, after saying so.
    await user.click(screen.getByTestId('apply-day'));
    const dayDialog = await screen.findByRole('dialog', { name: 'Applica un modello giornaliero' });
    await choose('Modello giornaliero', /Mattina/);
    for (const d of ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì'])
      await user.click(within(dayDialog).getByRole('checkbox', { name: d }));
    await user.click(within(dayDialog).getByRole('checkbox', { name: 'Sabato' }));
    expect(within(dayDialog).getByTestId('apply-replace-warning')).toHaveTextContent(
      'Le fasce già inserite di questi giorni saranno sostituite: Venerdì.',
    );
    await user.click(within(dayDialog).getByRole('button', { name: 'Sostituisci le fasce' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('slot-day-total-5')).toHaveTextContent('04:00 ore');
    expect(screen.getByTestId('slot-day-total-6')).toHaveTextContent('04:00 ore');
    expect(screen.getByTestId('slot-total-value')).toHaveTextContent('40:00 ore');

    // Accruals: the unit follows the type, and a type cannot be there twice.
    await user.click(screen.getByTestId('accrual-add'));
    await choose('Giustificativo', /Ferie/);
    await user.type(screen.getAllByTestId('accrual-increase')[0]!, '2,17');
    expect(screen.getByText('giorni al mese')).toBeInTheDocument();
    await user.click(screen.getByTestId('accrual-add'));
    const second = screen.getAllByTestId('accrual-row')[1]!;
    await user.click(within(second).getByRole('combobox', { name: 'Giustificativo' }));
    await user.click(await screen.findByRole('option', { name: /Ferie/ }));
    await user.click(screen.getByTestId('contract-form-submit'));
    expect(await screen.findByText('Questo giustificativo è già presente')).toBeInTheDocument();
    expect(screen.getByText("Inserisci l'incremento mensile")).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edit: worker type locked, payload in minutes and numbers, the overlap (409) on the form', async () => {
    const { calls } = api({
      'GET /admin/contract/c-1': () => json(200, contract),
      'GET /admin/user/ui-mario/contract': () => json(200, [contract]),
      'POST /admin/contract/c-1': () =>
        json(409, {
          code: 'CONFLICT',
          message: 'Il contratto si sovrappone a quello dal 01/01/2026 a tempo indeterminato',
          errors: [
            { path: 'startsAt', message: 'Il contratto si sovrappone a quello dal 01/01/2026 a tempo indeterminato' },
          ],
        }),
    });
    renderRoutes(routes, '/admin/user/ui-mario/contract/c-1/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifica contratto' })).toBeInTheDocument();
    expect(screen.queryByTestId('first-contract-banner')).not.toBeInTheDocument();
    const worker = screen.getByRole('combobox', { name: /Tipo di lavoratore/ });
    expect(worker).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Non modificabile dopo la creazione del contratto.')).toBeInTheDocument();
    expect(screen.getByLabelText('Lunedì, fascia 1: Inizio pausa')).toHaveValue('13:00');
    expect(await screen.findByText('giorni al mese')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aggiungi una fascia a Martedì' }));
    await user.keyboard('8{Tab}12:30');
    await user.click(screen.getByTestId('contract-form-submit'));

    const alert = await screen.findByTestId('contract-form-error');
    expect(alert).toHaveTextContent('Il contratto si sovrappone a quello dal 01/01/2026 a tempo indeterminato');
    const body = calls.find((c) => c.method === 'POST')!.body;
    expect(body).toEqual({
      type: 'fixed',
      workerType: 'employee',
      qualification: 'Impiegato',
      ccnlLevel: '3° livello',
      description: null,
      startsAt: '2027-01-01',
      endsAt: '2027-12-31',
      permanent: false,
      justificationAccruals: [{ justificationId: 'j-fer', monthlyIncrease: 2.17 }],
      timeSlots: [
        { weekday: 1, ...officeSlot },
        {
          weekday: 2,
          startsAtMinutes: 480,
          endsAtMinutes: 750,
          pauseStartsAtMinutes: null,
          pauseEndsAtMinutes: null,
          description: null,
          descriptionColorRgb: null,
        },
      ],
    });
    // The same message on the start date, which has the focus.
    expect(
      screen.getAllByText('Il contratto si sovrappone a quello dal 01/01/2026 a tempo indeterminato'),
    ).toHaveLength(2);
  });
});
