import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countContracts, SLOT, seededContracts, valid, type SeededContracts } from './contracts.fixtures';
import {
  expect400,
  expectError,
  expectForeignRecordsHidden,
  expectWriteRefused,
  fieldErrors,
  useDemoContext,
  type DemoContext,
} from './helpers';

/** The contracts module: what creating a contract refuses (401, 403, 400, 404); the rest of its routes is in contracts.routes.test.ts. */

let { ctx, admin, accountant, member } = {} as DemoContext;
/** Demo employee records by e-mail prefix; Beta's employee; Demo absence types by code; Beta's FER. */
let { ids, paoloId, J, betaFer } = {} as SeededContracts;

const { asAdmin, inBeta } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  ({ ids, paoloId, J, betaFer } = await seededContracts(ctx));
});
const contractCount = () => countContracts(ctx);

describe('POST /admin/user/{id}/contract', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    const url = `/admin/user/${ids['giulia.esposito']}/contract`;
    await expectWriteRefused(ctx, url, valid, [member, accountant], ctx.ws.demo);
    expect(await contractCount()).toBe(15);
  });

  it('400 with the Italian messages: type, worker type, dates, slots and accruals', async () => {
    const url = `/admin/user/${ids['giulia.esposito']}/contract`;
    const bad = await ctx.post('/admin/user/giulia/contract', valid, asAdmin());
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ id: 'Identificativo non valido' });

    const slot = (over: Record<string, unknown>) => ({ ...valid, timeSlots: [{ ...SLOT, ...over }] });
    const tooMany = Array.from({ length: 71 }, (_, i) => ({
      weekday: (i % 7) + 1,
      startsAtMinutes: Math.floor(i / 7) * 60,
      endsAtMinutes: Math.floor(i / 7) * 60 + 30,
    }));
    const acc = (...accruals: unknown[]) => ({ ...valid, justificationAccruals: accruals });
    const cases: [unknown, Record<string, string>][] = [
      [
        {},
        {
          type: 'Seleziona il tipo di contratto',
          workerType: 'Seleziona il tipo di lavoratore',
          startsAt: 'Inserisci la data di inizio',
          timeSlots: 'Inserisci almeno una fascia oraria',
        },
      ],
      [
        { ...valid, type: 'part_time', workerType: 'intern' },
        { type: 'Seleziona il tipo di contratto', workerType: 'Seleziona il tipo di lavoratore' },
      ],
      [
        { ...valid, type: null, workerType: '' },
        { type: 'Seleziona il tipo di contratto', workerType: 'Seleziona il tipo di lavoratore' },
      ],
      [{ ...valid, startsAt: '' }, { startsAt: 'Inserisci la data di inizio' }],
      [{ ...valid, startsAt: '2010-02-30' }, { startsAt: 'Data non valida (formato AAAA-MM-GG)' }],
      [{ ...valid, startsAt: '01/01/2010' }, { startsAt: 'Data non valida (formato AAAA-MM-GG)' }],
      [
        { ...valid, endsAt: undefined },
        { endsAt: 'Inserisci la data di fine oppure indica che il contratto è a tempo indeterminato' },
      ],
      [
        { ...valid, endsAt: '' },
        { endsAt: 'Inserisci la data di fine oppure indica che il contratto è a tempo indeterminato' },
      ],
      [
        { ...valid, endsAt: null, permanent: false },
        { endsAt: 'Inserisci la data di fine oppure indica che il contratto è a tempo indeterminato' },
      ],
      [{ ...valid, endsAt: '2010-01-01' }, { endsAt: 'La data di fine deve essere successiva a quella di inizio' }],
      [{ ...valid, endsAt: '2009-12-31' }, { endsAt: 'La data di fine deve essere successiva a quella di inizio' }],
      [{ ...valid, endsAt: '2010-13-01' }, { endsAt: 'Data non valida (formato AAAA-MM-GG)' }],
      [{ ...valid, permanent: 'si' }, { permanent: 'Valore non valido' }],
      [
        { ...valid, qualification: 'q'.repeat(101), ccnlLevel: 'c'.repeat(51), description: 'd'.repeat(501) },
        {
          qualification: 'Massimo 100 caratteri',
          ccnlLevel: 'Massimo 50 caratteri',
          description: 'Massimo 500 caratteri',
        },
      ],
      [{ ...valid, timeSlots: [] }, { timeSlots: 'Inserisci almeno una fascia oraria' }],
      [{ ...valid, timeSlots: null }, { timeSlots: 'Inserisci almeno una fascia oraria' }],
      [{ ...valid, timeSlots: tooMany }, { timeSlots: 'Puoi inserire al massimo 70 fasce orarie' }],
      [slot({ weekday: 0 }), { 'timeSlots.0.weekday': 'Giorno della settimana non valido' }],
      [slot({ weekday: 8 }), { 'timeSlots.0.weekday': 'Giorno della settimana non valido' }],
      [slot({ weekday: undefined }), { 'timeSlots.0.weekday': 'Giorno della settimana non valido' }],
      [slot({ weekday: 'lunedì' }), { 'timeSlots.0.weekday': 'Giorno della settimana non valido' }],
      [slot({ startsAtMinutes: undefined }), { 'timeSlots.0.startsAtMinutes': 'Orario non valido' }],
      [slot({ endsAtMinutes: 1441 }), { 'timeSlots.0.endsAtMinutes': 'Orario non valido' }],
      [slot({ pauseEndsAtMinutes: 800.5 }), { 'timeSlots.0.pauseEndsAtMinutes': 'Orario non valido' }],
      [
        slot({ startsAtMinutes: 1080, endsAtMinutes: 540, pauseStartsAtMinutes: null, pauseEndsAtMinutes: null }),
        { 'timeSlots.0.endsAtMinutes': "L'orario di fine deve essere dopo quello di inizio" },
      ],
      [
        slot({ pauseEndsAtMinutes: null }),
        { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" },
      ],
      [
        slot({ pauseStartsAtMinutes: 500 }),
        { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" },
      ],
      [
        slot({ pauseEndsAtMinutes: 1080 }),
        { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" },
      ],
      [
        slot({ descriptionColorRgb: 'verde' }),
        { 'timeSlots.0.descriptionColorRgb': 'Il colore non è valido (formato #RRGGBB)' },
      ],
      [slot({ description: 'd'.repeat(101) }), { 'timeSlots.0.description': 'Massimo 100 caratteri' }],
      [
        {
          ...valid,
          timeSlots: [SLOT, { ...SLOT, weekday: 2 }, { weekday: 1, startsAtMinutes: 1020, endsAtMinutes: 1200 }],
        },
        { 'timeSlots.2.startsAtMinutes': 'Si sovrappone a un’altra fascia dello stesso giorno' },
      ],
      [
        acc({}),
        {
          'justificationAccruals.0.justificationId': 'Seleziona il giustificativo',
          'justificationAccruals.0.monthlyIncrease': "Inserisci l'incremento mensile",
        },
      ],
      [
        acc({ justificationId: '', monthlyIncrease: 2 }),
        { 'justificationAccruals.0.justificationId': 'Seleziona il giustificativo' },
      ],
      [
        acc({ justificationId: 'FER', monthlyIncrease: 2 }),
        { 'justificationAccruals.0.justificationId': 'Identificativo non valido' },
      ],
      [
        acc({ justificationId: J.FER, monthlyIncrease: '2' }),
        { 'justificationAccruals.0.monthlyIncrease': "Inserisci l'incremento mensile" },
      ],
      [
        acc({ justificationId: J.FER, monthlyIncrease: -0.5 }),
        { 'justificationAccruals.0.monthlyIncrease': "L'incremento mensile deve essere un numero tra 0 e 999" },
      ],
      [
        acc({ justificationId: J.FER, monthlyIncrease: 1000 }),
        { 'justificationAccruals.0.monthlyIncrease': "L'incremento mensile deve essere un numero tra 0 e 999" },
      ],
      [
        acc(
          { justificationId: J.FER, monthlyIncrease: 2 },
          { justificationId: J.ROL, monthlyIncrease: 6 },
          { justificationId: J.FER, monthlyIncrease: 1 },
        ),
        { 'justificationAccruals.2.justificationId': 'Questo giustificativo è già presente' },
      ],
      // The absence types must be this workspace's.
      [
        acc({ justificationId: randomUUID(), monthlyIncrease: 2 }),
        { 'justificationAccruals.0.justificationId': 'Giustificativo non trovato' },
      ],
      [
        acc({ justificationId: J.FER, monthlyIncrease: 2 }, { justificationId: betaFer, monthlyIncrease: 2 }),
        { 'justificationAccruals.1.justificationId': 'Giustificativo non trovato' },
      ],
    ];
    await expect400(ctx, asAdmin(), url, cases);
    expect(await contractCount()).toBe(15);
  });

  it('404 for Beta’s employee and an unknown person; nothing is written', async () => {
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/user/${paoloId}/contract`, body: valid },
      {
        method: 'POST',
        url: `/admin/user/${paoloId}/contract`,
        body: { ...valid, justificationAccruals: [{ justificationId: J.FER, monthlyIncrease: 2 }] },
      },
      {
        method: 'POST',
        url: `/admin/user/${paoloId}/contract`,
        body: { ...valid, justificationAccruals: [{ justificationId: betaFer, monthlyIncrease: 2 }] },
      },
    ]);
    const unknown = await ctx.post(`/admin/user/${randomUUID()}/contract`, valid, asAdmin());
    expect(expectError(unknown, 404, 'NOT_FOUND').message).toBe('Utente non trovato');
    expect(await contractCount()).toBe(15);
    expect((await ctx.get(`/admin/user/${paoloId}/contract`, inBeta())).json()).toHaveLength(1);
  });
});
