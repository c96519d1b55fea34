import type { MonthLog, MonthLogDetail, PayrollExport, Precheck } from '@timbro/shared';
import { demoUserWith, demoWorkspaces, json, sessionOf } from '../../testing/fake-api';

/** Test data of the month-log pages (the unit tests beside them). */

export const adminSession = sessionOf();

const accountantUser = demoUserWith(
  { admin: false, accountant: true },
  { id: 'u-carla', first_name: 'Carla', last_name: 'Conti' },
);
export const accountantSession = sessionOf(accountantUser);

/** A consultant of two companies (the cockpit shows). */
export const consultantSession = {
  'GET /user': () =>
    json(200, {
      ...accountantUser,
      workspace_roles: [
        accountantUser.workspace_roles[0]!,
        { ...accountantUser.workspace_roles[0]!, workspace_id: 'ws-beta' },
      ],
    }),
  'GET /workspace/list': () =>
    json(200, [...demoWorkspaces, { ...demoWorkspaces[0]!, id: 'ws-beta', name: 'Beta S.p.A.' }], {
      'x-workspace-id': 'ws-demo',
    }),
};

export function monthLog(over: Partial<MonthLog> = {}): MonthLog {
  return {
    id: 'ml-2',
    month: '2026-10',
    endOfMonth: '2026-10-31',
    versionNumber: 2,
    status: 'completed',
    progressDone: 3,
    progressTotal: 3,
    error: null,
    forced: false,
    problems: 0,
    createdBy: { id: 'u-anna', name: 'Anna Bianchi' },
    createdAt: '2026-11-03T09:00:00.000Z',
    startedAt: '2026-11-03T09:00:01.000Z',
    finishedAt: '2026-11-03T09:00:05.000Z',
    reopenedAt: null,
    reopenedBy: null,
    reopenReason: null,
    latest: true,
    changesSince: 0,
    ...over,
  };
}

export function monthLogDetail(over: Partial<MonthLogDetail> = {}): MonthLogDetail {
  const totals = {
    expected: 9600,
    worked: 9000,
    increase: 0,
    decrease: 0,
    covered: 480,
    balance: -120,
    openDays: 0,
    anomalies: 1,
    byJustification: { 'j-fer': 480 } as Record<string, number>,
  };
  return {
    ...monthLog(),
    employees: [
      {
        userInfoId: 'ui-mario',
        firstName: 'Mario',
        lastName: 'Rossi',
        totals,
        balances: { 'j-fer': 82.5 },
      },
      {
        userInfoId: 'ui-giulia',
        firstName: 'Giulia',
        lastName: 'Esposito',
        totals: { ...totals, worked: 9720, covered: 0, balance: 120, anomalies: 0, byJustification: {} },
        balances: { 'j-fer': 100 },
      },
    ],
    justifications: [{ id: 'j-fer', code: 'FER', name: 'Ferie' }],
    ...over,
  };
}

export const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 25 });

export function precheck(over: Partial<Precheck> = {}): Precheck {
  return {
    month: '2026-10',
    endOfMonth: '2026-10-31',
    employees: 12,
    items: [
      {
        kind: 'open_requests',
        userInfo: { id: 'ui-mario', name: 'Rossi Mario' },
        justification: null,
        dates: ['2026-10-12', '2026-10-13'],
        count: 2,
      },
      {
        kind: 'missing_exit',
        userInfo: { id: 'ui-giulia', name: 'Esposito Giulia' },
        justification: null,
        dates: ['2026-10-06'],
        count: 1,
      },
      {
        kind: 'employee_code_missing',
        userInfo: { id: 'ui-luca', name: 'Romano Luca' },
        justification: null,
        dates: [],
        count: 1,
      },
      {
        kind: 'justification_code_missing',
        userInfo: null,
        justification: { id: 'j-fer', code: 'FER', name: 'Ferie' },
        dates: [],
        count: 1,
      },
      {
        kind: 'item_code_missing',
        userInfo: null,
        justification: { id: 'overtime', code: 'overtime', name: 'overtime' },
        dates: [],
        count: 1,
      },
    ],
    problems: 6,
    ...over,
  };
}

export function payrollExport(over: Partial<PayrollExport> = {}): PayrollExport {
  return {
    id: 'pe-1',
    monthLogId: 'ml-2',
    versionNumber: 2,
    baseVersionNumber: null,
    profile: 'zucchetti',
    fileName: 'zucchetti_2026-10_v2.xml',
    size: 15360,
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    rows: 42,
    createdBy: { id: 'u-anna', name: 'Anna Bianchi' },
    createdAt: '2026-11-04T10:00:00.000Z',
    ...over,
  };
}
