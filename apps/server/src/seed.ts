// Longer than ~300 lines on purpose: it is the demo data (two companies, their people, contracts, punches and
// requests) written out in one place, read top to bottom; splitting it would scatter one story.
import {
  addDays,
  expandHolidays,
  generateCodiceFiscale,
  isoWeekday,
  italianCheckLetter,
  localToUtc,
} from '@timbro/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from './lib/passwords';
import type { Db } from './db/client';
import {
  announcementRecipients,
  announcements,
  contractAccruals,
  contracts,
  contractTimeSlots,
  holidays,
  justificationRequests,
  notifications,
  justifications,
  punches,
  templateDays,
  templateDaySlots,
  templateWeekDays,
  templateWeeks,
  userInfos,
  users,
  workShiftAssignees,
  workShifts,
  workspaces,
} from './db/schema';
import { workspaceScope, type ScopedInsert } from './db/scope';
import { syncContractAccruals } from './modules/accruals/accruals.service';
import { ensureWorkspaceDefaults } from './modules/platform/workspace-defaults';
import { syncUsage } from './modules/accruals/accruals.service';
import { todayIn } from './lib/time';
import type { Queryable } from './db/client';

export const DEMO_PASSWORD = 'Timbro2026!';

export interface DemoLogin {
  email: string;
  role: string;
}

export const DEMO_LOGINS: DemoLogin[] = [
  { email: 'operator@demo.timbro.it', role: 'operatore della piattaforma' },
  { email: 'admin@demo.timbro.it', role: 'amministratore di Demo S.r.l.' },
  { email: 'consulente@demo.timbro.it', role: 'consulente del lavoro di Demo S.r.l. e Beta S.p.A.' },
  { email: 'mario.rossi@demo.timbro.it', role: 'dipendente di Demo S.r.l.' },
  { email: 'admin@beta.timbro.it', role: 'amministratore di Beta S.p.A.' },
];

interface Person {
  first: string;
  last: string;
  sex: 'M' | 'F';
  birth: string;
  belfiore: string;
  birthplace: string;
}

/** Demo employees of Demo S.r.l. (besides Mario Rossi): realistic names, valid fiscal codes. */
const DEMO_EMPLOYEES: Person[] = [
  { first: 'Giulia', last: 'Esposito', sex: 'F', birth: '1988-03-14', belfiore: 'F839', birthplace: 'Napoli' },
  { first: 'Luca', last: 'Romano', sex: 'M', birth: '1979-11-02', belfiore: 'H501', birthplace: 'Roma' },
  { first: 'Francesca', last: 'Colombo', sex: 'F', birth: '1992-06-21', belfiore: 'F205', birthplace: 'Milano' },
  { first: 'Alessandro', last: 'Ricci', sex: 'M', birth: '1985-01-30', belfiore: 'D612', birthplace: 'Firenze' },
  { first: 'Chiara', last: 'Marino', sex: 'F', birth: '1995-09-08', belfiore: 'L219', birthplace: 'Torino' },
  { first: 'Matteo', last: 'Greco', sex: 'M', birth: '1990-04-17', belfiore: 'A662', birthplace: 'Bari' },
  { first: 'Sara', last: 'Bruno', sex: 'F', birth: '1983-12-05', belfiore: 'G273', birthplace: 'Palermo' },
  { first: 'Davide', last: 'Gallo', sex: 'M', birth: '1976-07-23', belfiore: 'A944', birthplace: 'Bologna' },
  { first: 'Elena', last: 'Costa', sex: 'F', birth: '1998-02-11', belfiore: 'D969', birthplace: 'Genova' },
  { first: 'Simone', last: 'Fontana', sex: 'M', birth: '1987-10-29', belfiore: 'L736', birthplace: 'Venezia' },
  { first: 'Martina', last: 'Rinaldi', sex: 'F', birth: '1993-05-03', belfiore: 'L781', birthplace: 'Verona' },
  { first: 'Federico', last: 'Moretti', sex: 'M', birth: '1981-08-19', belfiore: 'G224', birthplace: 'Padova' },
];

const BETA_EMPLOYEES: Person[] = [
  { first: 'Paolo', last: 'Lombardi', sex: 'M', birth: '1984-03-22', belfiore: 'B157', birthplace: 'Brescia' },
  { first: 'Valentina', last: 'Barbieri', sex: 'F', birth: '1991-11-15', belfiore: 'F257', birthplace: 'Modena' },
];

const MARIO_EMAIL = 'mario.rossi@demo.timbro.it';
/** The two working days of the demo, as template slots and as the contracts' weekly slots: 9–18 with lunch, 8–12. */
const OFFICE_DAY = {
  startsAtMinutes: 540,
  endsAtMinutes: 1080,
  pauseStartsAtMinutes: 780,
  pauseEndsAtMinutes: 840,
  description: 'Ufficio',
  descriptionColorRgb: '#1A415B',
};
const MORNING = { startsAtMinutes: 480, endsAtMinutes: 720, description: 'Mattina', descriptionColorRgb: '#E8A33D' };
const personEmail = (p: Person, domain: string) => `${slug(p.first)}.${slug(p.last)}@${domain}`;

/** A small deterministic pseudo-random generator (mulberry32): the demo data is the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return (min: number, max: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(r * (max - min + 1));
  };
}

/**
 * Demo attendance: punches for every working day from the first of last month to yesterday (small realistic
 * variations, one forgotten exit each last month), and a few absence requests — approved ones in the past (with
 * their ledger usage), pending ones next week — so the calendar, the approvals and the timesheet have content.
 */
async function seedAttendance(
  q: Queryable,
  workspaceId: string,
  timeZone: string,
  employees: { id: string; partTime: boolean; isMario: boolean }[],
  byCode: (code: string) => string,
) {
  const today = todayIn(timeZone);
  const from = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 8) + '01';
  const holidayDates = new Set(
    expandHolidays(
      await q
        .select()
        .from(holidays)
        .where(sql`${holidays.workspaceId} = ${workspaceId}`),
      from,
      addDays(today, 14),
    ).map((h) => h.date),
  );
  const workingDays = (a: string, b: string) => {
    const out: string[] = [];
    for (let d = a; d <= b; d = addDays(d, 1)) if (isoWeekday(d) <= 5 && !holidayDates.has(d)) out.push(d);
    return out;
  };
  const past = workingDays(from, addDays(today, -1));
  const next = workingDays(addDays(today, 7 - isoWeekday(today) + 1), addDays(today, 14));
  const lastMonth = past.filter((d) => d < `${today.slice(0, 7)}-01`);
  const thisMonth = past.filter((d) => d >= `${today.slice(0, 7)}-01`);
  const at = (date: string, minutes: number) => new Date(localToUtc(date, minutes, timeZone));
  const punchRows: (typeof punches.$inferInsert)[] = [];
  const requestRows: (typeof justificationRequests.$inferInsert)[] = [];
  for (const [i, e] of employees.entries()) {
    const rnd = prng(i * 7919 + 17);
    const absent = new Set<string>();
    const request = (
      date: string,
      code: string,
      status: 'open' | 'approved',
      extra: Partial<typeof justificationRequests.$inferInsert>,
    ) =>
      requestRows.push({
        workspaceId,
        userInfoId: e.id,
        justificationId: byCode(code),
        date,
        category: 'regular',
        wholeDay: true,
        amount: 1,
        status,
        decidedAt: status === 'approved' ? at(date, 480) : null,
        ...extra,
      });
    let earlyExit: string | null = null;
    if (lastMonth.length > 6 && (i % 4 === 0 || e.isMario)) {
      for (const d of lastMonth.slice(3, 5)) {
        request(d, 'FER', 'approved', {});
        absent.add(d);
      }
    } else if (lastMonth.length > 10 && i % 4 === 1 && !e.partTime) {
      earlyExit = lastMonth[9]!;
      request(earlyExit, 'ROL', 'approved', {
        wholeDay: false,
        startsAtMinutes: 960,
        endsAtMinutes: 1080,
        amount: 2,
        note: 'Visita medica',
      });
    } else if (thisMonth.length > 2 && i % 4 === 2) {
      request(thisMonth[1]!, 'MAL', 'approved', { certificateCode: `${String(100000 + i * 4271).slice(0, 6)}AB` });
      absent.add(thisMonth[1]!);
    }
    if (next.length > 2 && (i % 4 === 3 || e.isMario)) {
      for (const d of next.slice(1, 3)) request(d, 'FER', 'open', { note: e.isMario ? 'Ponte con la famiglia' : null });
    }
    const forgotten = lastMonth.length > 12 ? lastMonth[(i * 5 + 12) % lastMonth.length]! : null;
    for (const d of past) {
      if (absent.has(d)) continue;
      const pair = (start: number, end: number, withExit = true) => {
        punchRows.push({
          workspaceId,
          userInfoId: e.id,
          at: at(d, start),
          timeZone,
          localDate: d,
          direction: 'in',
          source: 'web',
        });
        if (withExit)
          punchRows.push({
            workspaceId,
            userInfoId: e.id,
            at: at(d, end),
            timeZone,
            localDate: d,
            direction: 'out',
            source: 'web',
          });
      };
      if (e.partTime) {
        pair(480 + rnd(-10, 6), 720 + rnd(-3, 12), d !== forgotten);
        continue;
      }
      pair(540 + rnd(-15, 8), 780 + rnd(0, 6));
      pair(840 + rnd(-3, 6), (d === earlyExit ? 960 : 1080) + rnd(-5, 25), d !== forgotten);
    }
  }
  for (let k = 0; k < punchRows.length; k += 1000) await q.insert(punches).values(punchRows.slice(k, k + 1000));
  if (requestRows.length > 0) {
    const inserted = await q.insert(justificationRequests).values(requestRows).returning();
    await syncUsage(q, workspaceScope(workspaceId), null, inserted);
  }
}

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** A valid Italian IBAN for demo data (CIN and mod-97 check digits computed). */
export function demoIban(n: number): string {
  const abi = '03069';
  const cab = '09606';
  const account = String(100000000000 + n).slice(-12);
  const cin = italianCheckLetter(`${abi}${cab}${account}`);
  const bban = `${cin}${abi}${cab}${account}`;
  const rearranged = `${bban}IT00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of rearranged) rem = (rem * 10 + Number(ch)) % 97;
  const check = String(98 - rem).padStart(2, '0');
  return `IT${check}${bban}`;
}

/**
 * Demo data for non-production use, only on an empty database (no workspace yet). All demo logins share the
 * password DEMO_PASSWORD (hashed once: demo data only).
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(workspaces);
  if ((count?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(workspaces)
      .values({
        name: 'Demo S.r.l.',
        email: 'amministrazione@demo.timbro.it',
        vatNumber: '01907990012',
        fiscalCode: '01907990012',
        website: 'https://demo.timbro.it',
        phoneNumber: '+390212345678',
        addressStreet: 'Via Torino 15',
        addressCity: 'Milano',
        addressPostCode: '20123',
        addressProvince: 'MI',
        addressCountry: 'IT',
      })
      .returning();
    const [beta] = await tx
      .insert(workspaces)
      .values({
        name: 'Beta S.p.A.',
        email: 'hr@beta.timbro.it',
        vatNumber: '07643520567',
        fiscalCode: '07643520567',
        addressStreet: 'Via Nazionale 40',
        addressCity: 'Roma',
        addressPostCode: '00184',
        addressProvince: 'RM',
        addressCountry: 'IT',
        attendanceAutoApproveRequest: true,
      })
      .returning();

    let ibanSeq = 1;
    const makeUser = async (p: Person, email: string, extra: Partial<typeof users.$inferInsert> = {}) => {
      const fiscalCode = generateCodiceFiscale({
        lastName: p.last,
        firstName: p.first,
        birthDate: p.birth,
        sex: p.sex,
        belfiore: p.belfiore,
      });
      const [u] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: p.first,
          lastName: p.last,
          fiscalCode,
          emailVerifiedAt: new Date(),
          fiscalCodeVerifiedAt: new Date(),
          ...extra,
        })
        .returning();
      return u!;
    };
    // The employee record carries the names and fiscal code the workspace shows (ADR 0015).
    const record = (u: typeof users.$inferSelect) => ({
      firstName: u.firstName,
      lastName: u.lastName,
      fiscalCode: u.fiscalCode,
    });
    const employeeInfo = (p: Person, workspaceDomain: string) => ({
      workEmail: personEmail(p, workspaceDomain),
      pec: `${slug(p.first)}.${slug(p.last)}@pec.it`,
      phoneNumber: `+39347${String(1000000 + ibanSeq * 7919).slice(-7)}`,
      homeAddress: `Via Garibaldi ${ibanSeq}, ${p.birthplace}`,
      iban: demoIban(ibanSeq++),
      birthday: p.birth,
      birthplace: p.birthplace,
    });
    /** An employee of the workspace: the account (e-mail at the company's domain) and the record. */
    const addEmployee = async (workspaceId: string, p: Person, workspaceDomain: string) => {
      const u = await makeUser(p, personEmail(p, workspaceDomain));
      await tx.insert(userInfos).values({
        workspaceId,
        userId: u.id,
        ...record(u),
        isMember: true,
        ...employeeInfo(p, workspaceDomain),
      });
    };

    await makeUser(
      { first: 'Ottavio', last: 'Operatore', sex: 'M', birth: '1975-05-05', belfiore: 'F205', birthplace: 'Milano' },
      'operator@demo.timbro.it',
      { isOperator: true },
    );
    const admin = await makeUser(
      { first: 'Anna', last: 'Bianchi', sex: 'F', birth: '1980-02-12', belfiore: 'F205', birthplace: 'Milano' },
      'admin@demo.timbro.it',
    );
    await tx.insert(userInfos).values({
      workspaceId: demo!.id,
      userId: admin.id,
      ...record(admin),
      isAdmin: true,
      workEmail: 'admin@demo.timbro.it',
    });
    const accountant = await makeUser(
      { first: 'Carlo', last: 'Conti', sex: 'M', birth: '1970-09-30', belfiore: 'A944', birthplace: 'Bologna' },
      'consulente@demo.timbro.it',
    );
    await tx.insert(userInfos).values([
      { workspaceId: demo!.id, userId: accountant.id, ...record(accountant), isAccountant: true },
      { workspaceId: beta!.id, userId: accountant.id, ...record(accountant), isAccountant: true },
    ]);
    const mario: Person = {
      first: 'Mario',
      last: 'Rossi',
      sex: 'M',
      birth: '1985-04-25',
      belfiore: 'F205',
      birthplace: 'Milano',
    };
    await addEmployee(demo!.id, mario, 'demo.timbro.it');
    for (const p of DEMO_EMPLOYEES) await addEmployee(demo!.id, p, 'demo.timbro.it');
    const betaAdmin = await makeUser(
      { first: 'Beatrice', last: 'Ferri', sex: 'F', birth: '1978-12-01', belfiore: 'H501', birthplace: 'Roma' },
      'admin@beta.timbro.it',
    );
    await tx
      .insert(userInfos)
      .values({ workspaceId: beta!.id, userId: betaAdmin.id, ...record(betaAdmin), isAdmin: true });
    for (const p of BETA_EMPLOYEES) await addEmployee(beta!.id, p, 'beta.timbro.it');
  });

  // Working time: defaults (holidays, absence types), templates, and a contract with accruals for every employee.
  const today = new Date().toISOString().slice(0, 10);
  for (const ws of await db.select().from(workspaces)) {
    const scope = workspaceScope(ws.id);
    await db.transaction(async (tx) => {
      await ensureWorkspaceDefaults(tx, scope);
      /** A daily template with its one slot. */
      const addTemplateDay = async (
        name: string,
        description: string,
        slot: Omit<ScopedInsert<typeof templateDaySlots>, 'templateDayId'>,
      ) => {
        const [day] = await tx.insert(templateDays).values({ workspaceId: ws.id, name, description }).returning();
        await tx.insert(templateDaySlots).values({ workspaceId: ws.id, templateDayId: day!.id, ...slot });
        return day!;
      };
      /** A weekly template that works the daily one from Monday to Friday. */
      const addWorkWeek = async (name: string, description: string, day: { id: string }) => {
        const [week] = await tx.insert(templateWeeks).values({ workspaceId: ws.id, name, description }).returning();
        await tx.insert(templateWeekDays).values(
          [1, 2, 3, 4, 5].map((weekday) => ({
            workspaceId: ws.id,
            templateWeekId: week!.id,
            weekday,
            templateDayId: day.id,
          })),
        );
      };
      const full = await addTemplateDay('Giornata standard', '9–18 con pausa pranzo', OFFICE_DAY);
      const morning = await addTemplateDay('Mattina', 'Part-time 8–12', MORNING);
      await addWorkWeek('Tempo pieno 40 ore', 'Lunedì–venerdì 9–18', full);
      await addWorkWeek('Part-time 20 ore', 'Lunedì–venerdì 8–12', morning);
      const codes = await tx
        .select()
        .from(justifications)
        .where(sql`${justifications.workspaceId} = ${ws.id}`);
      const byCode = (code: string) => codes.find((j) => j.code === code)!.id;
      // In the order they were created above (Mario first), so every run gives the same demo variants.
      const order = [
        MARIO_EMAIL,
        ...DEMO_EMPLOYEES.map((p) => personEmail(p, 'demo.timbro.it')),
        ...BETA_EMPLOYEES.map((p) => personEmail(p, 'beta.timbro.it')),
      ];
      const employees = (
        await tx
          .select()
          .from(userInfos)
          .where(sql`${userInfos.workspaceId} = ${ws.id} and ${userInfos.isMember}`)
      ).sort((a, b) => order.indexOf(a.workEmail ?? '') - order.indexOf(b.workEmail ?? ''));
      for (const [i, e] of employees.entries()) {
        const partTime = i % 5 === 4;
        const fixedTerm = i % 6 === 5;
        const startsAt = `${2022 + (i % 3)}-0${(i % 9) + 1}-01`;
        // One fixed-term contract ends within 30 days, so the "expiring" filter has something to show.
        const endsAt = fixedTerm ? new Date(Date.now() + (10 + i) * 86_400_000).toISOString().slice(0, 10) : null;
        const [c] = await tx
          .insert(contracts)
          .values({
            workspaceId: ws.id,
            userInfoId: e.id,
            type: 'fixed',
            workerType: 'employee',
            qualification: partTime ? 'Impiegato part-time' : 'Impiegato',
            ccnlLevel: `${3 + (i % 3)}° livello`,
            description: 'CCNL Commercio e Terziario',
            startsAt,
            endsAt,
            permanent: endsAt === null,
          })
          .returning();
        await tx.insert(contractTimeSlots).values(
          [1, 2, 3, 4, 5].map((weekday) => ({
            workspaceId: ws.id,
            contractId: c!.id,
            weekday,
            ...(partTime ? MORNING : OFFICE_DAY),
          })),
        );
        // CCNL Commercio: 26 days of ferie (in days, part-time too), 72 h of ROL and 32 h of ex-festività a year,
        // halved in hours for the 20-hour part-time; twelfths kept with 4 decimals so a year adds up (26.00, 72, 32).
        const accruals = [
          { justificationId: byCode('FER'), monthlyIncrease: 2.1667 },
          { justificationId: byCode('ROL'), monthlyIncrease: partTime ? 3 : 6 },
          { justificationId: byCode('EXF'), monthlyIncrease: partTime ? 1.3333 : 2.6667 },
        ];
        await tx
          .insert(contractAccruals)
          .values(accruals.map((a) => ({ ...a, workspaceId: ws.id, contractId: c!.id })));
        await syncContractAccruals(tx, scope, { id: c!.id, userInfoId: e.id, startsAt, endsAt, accruals }, today);
      }
      await seedAttendance(
        tx,
        ws.id,
        ws.timeZone,
        employees.map((e, i) => ({ id: e.id, partTime: i % 5 === 4, isMario: e.workEmail === MARIO_EMAIL })),
        byCode,
      );
    });
  }
  await seedAnnouncements(db);
  await seedShifts(db);
  return true;
}

/**
 * The Demo workspace and its active people (accepted, enabled; with `membersOnly`, those who work in it), by name:
 * what the announcements and the shifts are seeded for. Undefined when Demo is not there.
 */
async function demoPeople(db: Db, { membersOnly }: { membersOnly: boolean }) {
  const [demo] = await db
    .select()
    .from(workspaces)
    .where(sql`${workspaces.name} = 'Demo S.r.l.'`);
  if (!demo) return undefined;
  const active = sql`${userInfos.workspaceId} = ${demo.id} and ${userInfos.invitationStatus} = 'accepted' and ${userInfos.enabled}`;
  const people = await db
    .select({ id: userInfos.id, workEmail: userInfos.workEmail })
    .from(userInfos)
    .where(membersOnly ? sql`${active} and ${userInfos.isMember}` : active)
    .orderBy(userInfos.lastName, userInfos.firstName);
  return { demo, people };
}

/**
 * Demo announcements (issue 14): two published to everyone in Demo — one already read by Mario, one asking for an
 * acknowledgement — with their recipients and notification-centre rows, and one scheduled for next week. Written as
 * the processing job would leave them, without e-mails (the demo has no one to mail).
 */
async function seedAnnouncements(db: Db) {
  const found = await demoPeople(db, { membersOnly: false });
  if (!found) return;
  const { demo, people } = found;
  const mario = people.find((p) => p.workEmail === MARIO_EMAIL)?.id;
  const day = 86_400_000;
  const now = Date.now();
  const items = [
    {
      title: 'Benvenuti in Timbro',
      content:
        '<p>Da questo mese presenze, richieste di assenza, cedolini e documenti sono <strong>tutti in Timbro</strong>.</p><ul><li>Timbra entrata e uscita dal calendario presenze.</li><li>Chiedi ferie e permessi dalla sezione Richieste.</li></ul><p>Per dubbi scrivete all’amministrazione.</p>',
      at: new Date(now - 3 * day),
      requiresAck: false,
      readBy: mario,
    },
    {
      title: 'Aggiornamento del regolamento aziendale',
      content:
        '<p>È stato aggiornato il <strong>regolamento su ferie e permessi</strong>: le richieste per agosto vanno inviate entro il 31 maggio.</p><p>Vi chiediamo di leggerlo e di confermare la presa visione.</p>',
      at: new Date(now - day),
      requiresAck: true,
      readBy: undefined,
    },
  ];
  await db.transaction(async (tx) => {
    for (const item of items) {
      const [a] = await tx
        .insert(announcements)
        .values({
          workspaceId: demo.id,
          title: item.title,
          content: item.content,
          sendAt: item.at,
          everyone: true,
          requiresAck: item.requiresAck,
          processedAt: item.at,
          publishedAt: item.at,
          recipientCount: people.length,
          createdAt: item.at,
          updatedAt: item.at,
        })
        .returning();
      await tx.insert(announcementRecipients).values(
        people.map((p) => ({
          workspaceId: demo.id,
          announcementId: a!.id,
          userInfoId: p.id,
          notifiedAt: item.at,
          openedAt: p.id === item.readBy ? new Date(item.at.getTime() + 3600_000) : null,
        })),
      );
      await tx.insert(notifications).values(
        people.map((p) => ({
          workspaceId: demo.id,
          userInfoId: p.id,
          type: 'announcement.published',
          category: 'announcements',
          title: item.title,
          body: '',
          link: `/member/announcement/${a!.id}`,
          params: { title: item.title, requiresAck: item.requiresAck },
          web: true,
          app: true,
          email: null,
          dedupeKey: `announcement:${a!.id}`,
          readAt: p.id === item.readBy ? new Date(item.at.getTime() + 3600_000) : null,
          createdAt: item.at,
        })),
      );
    }
    const next = new Date(now + 7 * day);
    next.setUTCHours(8, 0, 0, 0);
    await tx.insert(announcements).values({
      workspaceId: demo.id,
      title: 'Chiusura per le festività di fine anno',
      content:
        '<p>Gli uffici resteranno chiusi dal <strong>24 dicembre al 6 gennaio</strong>. Le ferie collettive sono già nel vostro calendario.</p>',
      sendAt: next,
      everyone: true,
    });
  });
}

/**
 * Demo work shifts (issue 15): for Mario and three colleagues, next week published (an early, a late and a night
 * shift that ends the next morning) and the week after in draft, so the planning grid, the member's shifts and a swap
 * can be tried at once. In the future only: no day already punched is compared with them.
 */
async function seedShifts(db: Db) {
  const found = await demoPeople(db, { membersOnly: true });
  if (!found) return;
  const { demo, people } = found;
  const mario = people.find((p) => p.workEmail === MARIO_EMAIL);
  if (!mario) return;
  const crew = [mario, ...people.filter((p) => p.id !== mario.id).slice(0, 3)];
  const today = todayIn(demo.timeZone);
  const monday = addDays(today, 8 - isoWeekday(today));
  // Early 06–14, late 14–22, night 22–06: each person keeps one kind for the week (rest between them is ample).
  const kinds = [
    { start: 360, end: 840, pause: 30, label: 'Mattina' },
    { start: 840, end: 1320, pause: 30, label: 'Pomeriggio' },
    { start: 1320, end: 360, pause: 20, label: 'Notte' },
    { start: 540, end: 1080, pause: 60, label: 'Giornata' },
  ];
  const now = new Date();
  await db.transaction(async (tx) => {
    for (let week = 0; week < 2; week++) {
      for (let d = 0; d < 5; d++) {
        const date = addDays(monday, week * 7 + d);
        for (const [i, person] of crew.entries()) {
          const k = kinds[i % kinds.length]!;
          const startsAt = new Date(localToUtc(date, k.start, demo.timeZone));
          const endsAt = new Date(localToUtc(k.end <= k.start ? addDays(date, 1) : date, k.end, demo.timeZone));
          const [row] = await tx
            .insert(workShifts)
            .values({
              workspaceId: demo.id,
              date,
              startMinutes: k.start,
              endMinutes: k.end,
              pauseMinutes: k.pause,
              startsAt,
              endsAt,
              workMinutes: Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000) - k.pause,
              label: k.label,
              publishedAt: week === 0 ? now : null,
            })
            .returning({ id: workShifts.id });
          await tx.insert(workShiftAssignees).values({ workspaceId: demo.id, shiftId: row!.id, userInfoId: person.id });
        }
      }
    }
  });
}

export function demoLoginsText(): string {
  const lines = DEMO_LOGINS.map((l) => `  ${l.email.padEnd(30)} ${l.role}`);
  return `Demo logins (password ${DEMO_PASSWORD}):\n${lines.join('\n')}`;
}
