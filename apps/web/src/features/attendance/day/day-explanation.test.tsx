import { render, screen, within } from '@testing-library/react';
import type { DaySheetDto, JustificationRequest, Punch } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { absenceRequest } from '../../../testing/fixtures';
import { DayExplanation } from './day-explanation';

const punch = (id: string, time: string, direction: 'in' | 'out', date = '2026-11-12'): Punch => ({
  id,
  userInfoId: 'u1',
  at: `${date}T00:00:00Z`,
  localDate: date,
  localTime: time,
  direction,
  source: 'web',
  reason: null,
});
const request = (
  id: string,
  code: string,
  name: string,
  impact: 'increase' | 'decrease' | 'nothing',
  patch: Partial<JustificationRequest> = {},
): JustificationRequest =>
  absenceRequest({
    id,
    userInfoId: 'u1',
    employee: { id: 'u1', firstName: 'Mario', lastName: 'Rossi' },
    justification: { id: `j-${code}`, code, name, unit: 'hour', impact },
    date: '2026-11-12',
    wholeDay: false,
    startsAtMinutes: 960,
    endsAtMinutes: 1080,
    amount: 2,
    status: 'approved',
    createdAt: '2026-11-01T10:00:00Z',
    ...patch,
  });

const punches = [
  punch('p1', '09:00', 'in'),
  punch('p2', '13:00', 'out'),
  punch('p3', '14:00', 'in'),
  punch('p4', '16:00', 'out'),
];
const requests = [
  request('r-rol', 'ROL', 'Permesso ROL', 'nothing', { startsAtMinutes: 960, endsAtMinutes: 1140, amount: 3 }),
  request('r-tra', 'TRA', 'Trasferta', 'increase', { startsAtMinutes: 480, endsAtMinutes: 510, amount: 0.5 }),
  request('r-usc', 'USC', 'Uscita per motivi personali', 'decrease', {
    startsAtMinutes: 600,
    endsAtMinutes: 630,
    amount: 0.5,
    note: 'Banca',
  }),
  request('r-fer', 'FER', 'Ferie', 'nothing', {
    status: 'open',
    wholeDay: true,
    startsAtMinutes: null,
    endsAtMinutes: null,
    amount: 1,
    date: '2026-11-12',
  }),
];
/** 9–13 and 14–16 worked (6 h) + 0:30 trip − 0:30 errand; ROL asks 3 h but only the missing 2 h are covered. */
const day: DaySheetDto = {
  date: '2026-11-12',
  expected: 480,
  worked: 360,
  increase: 30,
  decrease: 30,
  covered: 120,
  balance: 0,
  pairs: [
    {
      inId: 'p1',
      outId: 'p2',
      date: '2026-11-12',
      startsAt: null,
      endsAt: null,
      minutes: 240,
      anomaly: null,
      open: false,
    },
    {
      inId: 'p3',
      outId: 'p4',
      date: '2026-11-12',
      startsAt: null,
      endsAt: null,
      minutes: 120,
      anomaly: null,
      open: false,
    },
  ],
  requests: [
    { id: 'r-rol', justificationId: 'j-ROL', impact: 'nothing', minutes: 180, credited: 120 },
    { id: 'r-tra', justificationId: 'j-TRA', impact: 'increase', minutes: 30, credited: 30 },
    { id: 'r-usc', justificationId: 'j-USC', impact: 'decrease', minutes: 30, credited: 30 },
  ],
  anomalies: [],
  open: false,
  pauses: [{ startsAtMinutes: 780, endsAtMinutes: 840 }],
  holiday: null,
};

describe('the day explanation panel', () => {
  it('explains every figure: worked from the pairs, what each request added, took or covered, expected, the balance', () => {
    render(<DayExplanation day={day} punches={punches} requests={requests} />);
    const figures = screen.getByTestId('day-figures');
    expect(within(figures).getByTestId('figure-worked')).toHaveTextContent('Lavorato');
    expect(within(figures).getByTestId('figure-worked')).toHaveTextContent('6:00');
    expect(within(figures).getByTestId('figure-worked')).toHaveTextContent('coppie entrata–uscita complete: 2');
    expect(within(figures).getByTestId('figure-increase')).toHaveTextContent('0:30');
    expect(within(figures).getByTestId('figure-decrease')).toHaveTextContent('0:30');
    expect(within(figures).getByTestId('figure-covered')).toHaveTextContent('2:00');
    expect(within(figures).getByTestId('figure-expected')).toHaveTextContent("Dall'orario del contratto");
    expect(within(figures).getByTestId('figure-expected')).toHaveTextContent('8:00');
    expect(within(figures).getByTestId('figure-balance')).toHaveTextContent('Saldo del giorno0:00');
    expect(
      screen.getByText(/Saldo = lavorato \+ ore aggiunte − ore tolte \+ assenze coperte − previsto/),
    ).toBeInTheDocument();

    const pairs = screen.getAllByTestId('day-pair');
    expect(pairs).toHaveLength(2);
    expect(pairs[0]).toHaveTextContent('09:00');
    expect(pairs[0]).toHaveTextContent('13:00');
    expect(pairs[0]).toHaveTextContent('4:00');
    expect(pairs[1]).toHaveTextContent('14:00fino alle16:002:00');

    const effects = screen.getAllByTestId('day-effect');
    expect(effects[0]).toHaveTextContent(
      'Permesso ROL (ROL): copre 2:00 delle 3:00 — il resto della giornata era già lavorato o coperto',
    );
    expect(effects[1]).toHaveTextContent('Trasferta (TRA): aggiunge 0:30');
    expect(effects[2]).toHaveTextContent('Uscita per motivi personali (USC): toglie 0:30');
  });

  it("lists the day's requests in every status; pending ones are said not to count yet", () => {
    render(
      <DayExplanation
        day={day}
        punches={punches}
        requests={requests}
        requestActions={(r) => (r.status === 'open' ? <button type="button">Ritira</button> : null)}
      />,
    );
    const list = screen.getByTestId('day-requests');
    const items = within(list).getAllByTestId('day-request');
    expect(items).toHaveLength(4);
    const pending = items.find((i) => i.getAttribute('data-status') === 'open')!;
    expect(pending).toHaveTextContent('Ferie · Giornata intera');
    expect(pending).toHaveTextContent('In approvazione');
    expect(within(pending).getByRole('button', { name: 'Ritira' })).toBeInTheDocument();
    expect(items.find((i) => i.textContent?.includes('Permesso ROL'))).toHaveTextContent('16:00–19:00');
    expect(items.find((i) => i.textContent?.includes('Uscita'))).toHaveTextContent('Banca');
    expect(within(list).getByText(/non entrano nei conteggi finché non sono approvate/)).toBeInTheDocument();
  });

  it('a holiday has zero expected and says why; a missing exit is an anomaly with the pair marked', () => {
    const holiday: DaySheetDto = {
      ...day,
      date: '2026-12-08',
      expected: 0,
      worked: 0,
      increase: 0,
      decrease: 0,
      covered: 0,
      balance: 0,
      requests: [],
      pairs: [
        {
          inId: 'x1',
          outId: null,
          date: '2026-12-08',
          startsAt: null,
          endsAt: null,
          minutes: 0,
          anomaly: 'missing_exit',
          open: false,
        },
      ],
      anomalies: ['missing_exit'],
      holiday: { name: 'Immacolata Concezione', icon: 'church' },
    };
    render(<DayExplanation day={holiday} punches={[punch('x1', '09:05', 'in', '2026-12-08')]} requests={[]} />);
    expect(screen.getByTestId('day-holiday')).toHaveTextContent('Immacolata Concezione');
    expect(screen.getByTestId('figure-expected')).toHaveTextContent('Zero: è festivo (Immacolata Concezione)');
    expect(screen.getByTestId('day-anomalies')).toHaveTextContent("Manca l'uscita");
    expect(screen.getByTestId('day-pair')).toHaveTextContent('09:05');
    expect(screen.getByTestId('day-pair')).toHaveTextContent("Manca l'uscita");
    expect(screen.queryByTestId('figure-covered')).not.toBeInTheDocument();
    expect(screen.getByText('Nessuna richiesta in questo giorno.')).toBeInTheDocument();
  });

  it('a running entry today reads "In corso", not as a missing exit', () => {
    const today: DaySheetDto = {
      ...day,
      worked: 0,
      increase: 0,
      decrease: 0,
      covered: 0,
      balance: -480,
      requests: [],
      pairs: [
        {
          inId: 'x1',
          outId: null,
          date: '2026-11-12',
          startsAt: null,
          endsAt: null,
          minutes: 0,
          anomaly: null,
          open: true,
        },
      ],
      anomalies: [],
      open: true,
    };
    render(<DayExplanation day={today} punches={[punch('x1', '09:05', 'in')]} requests={[]} progress="today" />);
    expect(screen.getByTestId('day-pair')).toHaveTextContent('09:05');
    expect(screen.getByTestId('day-pair-open')).toHaveTextContent('In corso');
    expect(screen.queryByTestId('day-anomalies')).not.toBeInTheDocument();
    expect(screen.getByTestId('figure-worked')).toHaveTextContent('Somma delle coppie entrata–uscita complete: 0');
    expect(screen.getByTestId('day-progress')).toHaveTextContent('Giornata in corso');
  });

  it('a shortfall shows a negative balance with the minus sign', () => {
    render(
      <DayExplanation
        day={{ ...day, covered: 0, balance: -120, requests: [], anomalies: ['unjustified_shortfall'] }}
        punches={punches}
        requests={[]}
      />,
    );
    expect(screen.getByTestId('figure-balance')).toHaveTextContent('\u22122:00');
    expect(screen.getByTestId('day-anomalies')).toHaveTextContent('Ore mancanti non giustificate');
  });
});
