import type { AdminAnnouncement, MyAnnouncement, ReachPage, StoredFile } from '@timbro/shared';
import { vi } from 'vitest';
import { currentInfoOn, json, marioUser, sessionOf } from '../../testing/fake-api';

/** Test data of the announcement pages. */

export const adminSession = sessionOf();

export const memberSession = sessionOf(marioUser);

/** The workspace's zone (Rome: UTC+1 in winter, +2 in summer; the tests run in UTC). */
export const workspaceZone = {
  'GET /attendance/user-info/current': () => json(200, currentInfoOn('2026-11-20')),
};

/** The lookups of the recipients' pickers. */
export const lookups = {
  'GET /attendance/ajax/groups': () =>
    json(200, [
      { id: 'g-office', name: 'Ufficio' },
      { id: 'g-store', name: 'Magazzino' },
    ]),
  'GET /ajax/users': () =>
    json(200, [
      { id: 'ui-mario', name: 'Mario Rossi', enabled: true },
      { id: 'ui-giulia', name: 'Giulia Esposito', enabled: true },
    ]),
};

export function storedFile(over: Partial<StoredFile> = {}): StoredFile {
  return {
    id: 'f-1',
    name: 'regolamento.pdf',
    contentType: 'application/pdf',
    size: 2 * 1024 * 1024,
    sha256: 'a'.repeat(64),
    createdAt: '2026-11-10T09:00:00.000Z',
    ...over,
  };
}

export function announcement(over: Partial<AdminAnnouncement> = {}): AdminAnnouncement {
  return {
    id: 'a-1',
    title: 'Chiusura per le feste',
    content: "<p>L'ufficio resta <strong>chiuso</strong> dal 24 dicembre.</p><ul><li>Turni</li><li>Ferie</li></ul>",
    // 09:00 in Rome.
    sendAt: '2026-12-01T08:00:00.000Z',
    processedAt: null,
    publishedAt: null,
    state: 'scheduled',
    requiresAck: false,
    audience: { everyone: true, groups: [], people: [] },
    attachments: [],
    reach: null,
    remindedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

/** An announcement sent to 40 people: 38 e-mailed, 30 opened it, 20 acknowledged it. */
export function published(over: Partial<AdminAnnouncement> = {}): AdminAnnouncement {
  return announcement({
    id: 'a-2',
    title: 'Nuovo regolamento aziendale',
    sendAt: '2026-11-02T08:00:00.000Z',
    processedAt: '2026-11-02T08:00:05.000Z',
    publishedAt: '2026-11-02T08:00:05.000Z',
    state: 'published',
    requiresAck: true,
    audience: {
      everyone: false,
      groups: [{ id: 'g-office', name: 'Ufficio' }],
      people: [{ id: 'ui-mario', name: 'Rossi Mario' }],
    },
    attachments: [storedFile()],
    reach: { recipients: 40, emailed: 38, opened: 30, acknowledged: 20 },
    ...over,
  });
}

export function reachPage(over: Partial<ReachPage> = {}): ReachPage {
  return {
    items: [
      {
        userInfoId: 'ui-mario',
        firstName: 'Mario',
        lastName: 'Rossi',
        notifiedAt: '2026-11-02T08:00:05.000Z',
        emailed: true,
        openedAt: '2026-11-02T09:30:00.000Z',
        acknowledgedAt: '2026-11-02T09:31:00.000Z',
        remindedAt: null,
      },
      {
        userInfoId: 'ui-giulia',
        firstName: 'Giulia',
        lastName: 'Esposito',
        notifiedAt: '2026-11-02T08:00:05.000Z',
        emailed: false,
        openedAt: null,
        acknowledgedAt: null,
        remindedAt: null,
      },
    ],
    total: 2,
    page: 1,
    perPage: 25,
    reach: { recipients: 40, emailed: 38, opened: 30, acknowledged: 20 },
    ...over,
  };
}

export function mine(over: Partial<MyAnnouncement> = {}): MyAnnouncement {
  return {
    id: 'a-2',
    title: 'Nuovo regolamento aziendale',
    content: '<p>Leggi il <em>nuovo</em> regolamento.</p>',
    publishedAt: '2026-11-02T08:00:05.000Z',
    requiresAck: true,
    attachments: [storedFile()],
    openedAt: null,
    acknowledgedAt: null,
    ...over,
  };
}

export const page = <T>(items: T[], extra: object = {}) => ({
  items,
  total: items.length,
  page: 1,
  perPage: 25,
  ...extra,
});

/** A file of the given size without allocating it (the form reads only its name, type and size). */
export function fileOf(name: string, type: string, bytes: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

export const MB = 1024 * 1024;

/** The query strings of every call to a path. */
export const queryOf = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === `/api/v1${path}`)
    .map((u) => Object.fromEntries(u.searchParams));

/** saveBlob's object URL and link click, which jsdom does not do. */
export function stubDownloads() {
  const createObjectURL = vi.fn(() => 'blob:file');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { createObjectURL, click };
}

export const pdf = () =>
  new Response('%PDF-1.7', {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="regolamento.pdf"' },
  });
