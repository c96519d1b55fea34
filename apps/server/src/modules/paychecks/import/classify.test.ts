import { generateCodiceFiscale } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { attentionFirst, classifyPages, currencyOf, findFiscalCodes, netAmountOf, periodOf, slipsOf } from './classify';

const cf = (lastName: string, firstName: string, birthDate: string) =>
  generateCodiceFiscale({ lastName, firstName, birthDate, sex: 'M', belfiore: 'F205' });
const ROSSI = cf('Rossi', 'Mario', '1980-01-01');
const BIANCHI = cf('Bianchi', 'Luca', '1975-06-15');
const STRANGER = cf('Verdi', 'Aldo', '1990-03-03');
/** Omocodia: the last digit of the birth day replaced by its letter (1 → M); the check letter follows. */
function omocode(code: string) {
  const first15 = `${code.slice(0, 14)}M`;
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15.charCodeAt(i);
    const n = c <= 57 ? c - 48 : c - 65;
    sum += i % 2 === 0 ? odd[n]! : n;
  }
  return first15 + String.fromCharCode(65 + (sum % 26));
}

describe('findFiscalCodes', () => {
  it('reads valid codes only (check character), omocodia letters, and codes whose characters are spaced out', () => {
    const broken = `${ROSSI.slice(0, 15)}${ROSSI.at(-1) === 'A' ? 'B' : 'A'}`;
    expect(findFiscalCodes(`COGNOME E NOME ROSSI MARIO CODICE FISCALE ${ROSSI} matricola 12`)).toEqual([ROSSI]);
    expect(findFiscalCodes(`codice ${broken}`)).toEqual([]);
    expect(findFiscalCodes(`C.F. ${omocode(ROSSI)}`)).toEqual([omocode(ROSSI)]);
    expect(findFiscalCodes(`C F ${ROSSI.split('').join(' ')}`)).toEqual([ROSSI]);
    expect(findFiscalCodes('P.IVA 01234567890 azienda 12345678901')).toEqual([]);
    expect(findFiscalCodes(`${ROSSI} ${BIANCHI} ${ROSSI}`)).toEqual([ROSSI, BIANCHI]);
  });
});

describe('period and net amount', () => {
  it('read "OTTOBRE 2026", "periodo 10/2026" and the net pay in the Italian format', () => {
    expect(periodOf('Cedolino paga mese di Ottobre 2026')).toEqual({ year: 2026, month: 10 });
    expect(periodOf('PERIODO DI PAGA 03/2026')).toEqual({ year: 2026, month: 3 });
    expect(periodOf('nessuna data')).toBeNull();
    expect(netAmountOf('TOTALE COMPETENZE 2.100,00 NETTO IN BUSTA 1.534,20')).toBe(1534.2);
    expect(netAmountOf('Netto del mese: € 987,65')).toBe(987.65);
    expect(netAmountOf('nessun importo')).toBeNull();
    expect(netAmountOf('NETTO DEL MESE 2.400,00 CHF')).toBe(2400);
  });

  it('reads the currency written beside the net, or none (issue 30 item 14)', () => {
    expect(currencyOf('Netto del mese: € 987,65')).toBe('EUR');
    expect(currencyOf('NETTO IN BUSTA EUR 1.534,20')).toBe('EUR');
    expect(currencyOf('NETTO DEL MESE 2.400,00 CHF')).toBe('CHF');
    expect(currencyOf('NETTO A PAGARE CHF 2.400,00')).toBe('CHF');
    expect(currencyOf('NETTO 1.534,20')).toBeNull();
    expect(currencyOf('nessun importo')).toBeNull();
  });
});

describe('classifyPages', () => {
  const employees = new Map([
    [ROSSI, 'u-rossi'],
    [BIANCHI, 'u-bianchi'],
  ]);

  it('assigns by codice fiscale, follows a slip onto its next page, leaves summaries out and flags the rest', () => {
    const pages = [
      `CEDOLINO OTTOBRE 2026 ROSSI MARIO ${ROSSI} NETTO 1.534,20`,
      'segue: dettaglio trattenute, nessun codice',
      `CEDOLINO OTTOBRE 2026 BIANCHI LUCA ${BIANCHI}`,
      `RIEPILOGO AZIENDA OTTOBRE 2026`,
      'pagina successiva senza alcun codice',
      '   ',
      `due persone ${ROSSI} ${BIANCHI}`,
      `persona sconosciuta ${STRANGER}`,
      'continua dopo uno sconosciuto',
    ].map((text) => ({ text }));
    const result = classifyPages(pages, employees);
    expect(result.map((p) => [p.page, p.class, p.userInfoId])).toEqual([
      [1, 'assigned', 'u-rossi'],
      [2, 'continuation', 'u-rossi'],
      [3, 'assigned', 'u-bianchi'],
      [4, 'summary', null],
      [5, 'unassigned', null],
      [6, 'no_text', null],
      [7, 'ambiguous', null],
      [8, 'unassigned', null],
      [9, 'unassigned', null],
    ]);
    expect(result[0]).toMatchObject({ period: { year: 2026, month: 10 }, netAmount: 1534.2, fiscalCodes: [ROSSI] });
    expect(attentionFirst(result).map((p) => p.page)).toEqual([7, 6, 5, 8, 9, 1, 2, 3, 4]);
  });

  it('a page without a code that opens a slip of its own (a pay period, no "segue") is not taken as a continuation', () => {
    const pages = [
      `CEDOLINO OTTOBRE 2026 ROSSI MARIO ${ROSSI}`,
      'CEDOLINO OTTOBRE 2026 ESPOSITO GIULIA NETTO 1.610,00',
      `CEDOLINO OTTOBRE 2026 BIANCHI LUCA ${BIANCHI}`,
      'CEDOLINO OTTOBRE 2026 - SEGUE - BIANCHI LUCA',
    ].map((text) => ({ text }));
    expect(classifyPages(pages, employees).map((p) => [p.class, p.userInfoId])).toEqual([
      ['assigned', 'u-rossi'],
      ['unassigned', null],
      ['assigned', 'u-bianchi'],
      ['continuation', 'u-bianchi'],
    ]);
  });

  it('a summary page that names an employee is that employee’s page', () => {
    expect(classifyPages([{ text: `RIEPILOGO ${ROSSI}` }], employees)[0]).toMatchObject({ class: 'assigned' });
  });
});

describe('slipsOf', () => {
  it('merges consecutive pages of one employee; a gap or another person starts a new slip; unchosen pages are left out', () => {
    expect(
      slipsOf([
        { page: 1, userInfoId: 'a' },
        { page: 2, userInfoId: 'a' },
        { page: 3, userInfoId: 'b' },
        { page: 4, userInfoId: null },
        { page: 5, userInfoId: 'b' },
        { page: 6, userInfoId: 'a' },
      ]),
    ).toEqual([
      { userInfoId: 'a', pages: [1, 2] },
      { userInfoId: 'b', pages: [3] },
      { userInfoId: 'b', pages: [5] },
      { userInfoId: 'a', pages: [6] },
    ]);
  });
});
