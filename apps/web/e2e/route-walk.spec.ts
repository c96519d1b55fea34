import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { CurrentUser, WorkspaceSummary } from '@timbro/shared';
import { deriveCurrentUser, type DerivedUser } from '../src/lib/current-user';
import { can } from '../src/lib/permissions';
import { PASSWORD, seriousViolations, settled as painted } from './fixtures';
import { WALK_ROUTES, type IdKind, type WalkRoute } from './route-walk-list';

/**
 * Issue 16: every route of the route table (route-walk-list.ts, checked against the table by a unit test), walked as
 * admin, accountant and employee — and the operator's area as the operator. Each route shows its page, or the 403
 * page when the role's permissions (the app's own rule, from GET /user) do not grant the table's permission, with no
 * page error, no console error, no failed call, no raw i18n key and no English on the Italian screens.
 *
 * Issue 17: axe-core on every route of the table as it renders for the first role that shows it (its page, or the error
 * page once): 0 serious or critical violations (`WALK_AXE=0` walks without it).
 *
 * Issue 30 item 15: every route as every role, narrowed to 360 px once checked: no sideways scroll, the header whole.
 */

/** A well-formed id of nothing: the route's record is not there, the page must say so. */
const NO_ID = '00000000-0000-4000-8000-000000000000';
/** A link's token that was never issued. */
const NO_TOKEN = 'route-walk-token-mai-emesso';
/** The catch-all's sample path. */
const UNKNOWN_PATH = '/pagina/inesistente';
/** The live notification count: a stream that stays open, never "settled". */
const LONG_LIVED = /\/api\/v1\/notification\/stream/;
/** How long no call may be in flight before a page counts as settled. */
const QUIET_MS = 50;
/** Anything still loading: a spinner, a skeleton, an indeterminate bar. */
const BUSY =
  '.MuiCircularProgress-root, .MuiSkeleton-root, .MuiLinearProgress-root:not(.MuiLinearProgress-determinate), [aria-busy="true"]';
/** What the pages show when something went wrong (error-pages and LoadFailure). */
const ERROR_MARKS = ['error-403', 'error-404', 'error-500', 'error-unknown', 'load-failure'];
/** The marks a route may show instead of a page: the errors, and the e-mail confirmation's failure. */
const SHOWN_MARKS = [...ERROR_MARKS, 'verify-email-failed'];
/** What a rendered route shows: its heading, or one of those marks; and those not yet seen on the previous route. */
const RENDERED = ['h1', ...SHOWN_MARKS.map((m) => `[data-testid="${m}"]`)];
const FRESH = RENDERED.map((s) => `${s}:not([data-walk-stale])`).join(',');

// The catalogs: every key (a raw one on screen is a missing text) and the English texts (3+ words, unlike Italian).
const LOCALES = path.join(import.meta.dirname, '../src/i18n/locales');
function flatten(obj: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]): [string, string][] => {
    const key = prefix ? `${prefix}.${k}` : k;
    return v && typeof v === 'object' ? flatten(v as Record<string, unknown>, key) : [[key, String(v)]];
  });
}
const CATALOG_DIRS = [
  LOCALES,
  ...fs
    .readdirSync(LOCALES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(LOCALES, e.name)),
];
const catalog = (dir: string, lang: string) =>
  new Map(flatten(JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Record<string, unknown>));
const KEYS = new Set<string>();
const NAMESPACES = new Set<string>();
const ENGLISH = new Set<string>();
for (const dir of CATALOG_DIRS) {
  const it = catalog(dir, 'it');
  for (const [key, value] of catalog(dir, 'en')) {
    KEYS.add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
    NAMESPACES.add(key.split('.')[0]!);
    if (value === it.get(key)) continue;
    // The literal runs between placeholders and markup, as they reach the screen.
    for (const run of value.split(/{{[^}]*}}|<[^>]*>|\$t\([^)]*\)/)) {
      const text = run.trim();
      if (text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= 3) ENGLISH.add(text);
    }
  }
}
/** Something that looks like an i18n key: words joined by dots. */
const KEY_LIKE = /\b[a-z][a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+\b/g;

type Ids = Partial<Record<IdKind, string>>;
type Api = <T>(path: string, params?: Record<string, string>) => Promise<T | undefined>;

/** The role's session against the API, as the web client calls it; a refused call is `undefined`, not a failure. */
async function apiOf(page: Page) {
  const list = await page.request.get('/api/v1/workspace/list');
  expect(list.ok()).toBe(true);
  const workspaceId = list.headers()['x-workspace-id'] ?? null;
  const headers = { 'X-Client': 'timbro-web', ...(workspaceId ? { 'X-Workspace-Id': workspaceId } : {}) };
  const get: Api = async <T>(p: string, params?: Record<string, string>) => {
    const res = await page.request.get(`/api/v1${p}`, { headers, params });
    return res.ok() ? ((await res.json()) as T) : undefined;
  };
  const post = async <T>(p: string, data: unknown) => {
    const res = await page.request.post(`/api/v1${p}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as T;
  };
  const del = async (p: string) => expect((await page.request.delete(`/api/v1${p}`, { headers })).ok()).toBe(true);
  const user = (await get<CurrentUser>('/user'))!;
  const me = deriveCurrentUser(user, (await list.json()) as WorkspaceSummary[], workspaceId);
  return { get, post, del, me };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
type Items<T> = { items: T[] };
interface Shift {
  id: string;
  openSwapId?: string | null;
}

/** Real ids of the role's records, fetched as the role: the first of each list it may read. */
async function idsOf(get: Api): Promise<Ids> {
  const range = { from: day(-35), to: day(35) };
  const [contracts, groups, days, weeks, holidays, logs, news, planning, swaps, imports] = await Promise.all([
    get<Items<{ id: string; userInfoId: string }>>('/admin/contract'),
    get<Items<{ id: string }>>('/admin/group'),
    get<{ id: string }[]>('/admin/template-day'),
    get<{ id: string }[]>('/admin/template-week'),
    get<{ id: string }[]>('/admin/holiday'),
    get<Items<{ id: string }>>('/admin/month-log'),
    get<Items<{ id: string }>>('/admin/announcement'),
    get<{ shifts: Shift[] }>('/admin/work-shift', range),
    get<Items<{ id: string }>>('/admin/shift-swap'),
    get<Items<{ id: string }>>('/admin/paycheck/import'),
  ]);
  const [myPaychecks, myDocuments, myNews, myShifts, mySwaps] = await Promise.all([
    get<Items<{ id: string }>>('/member/paycheck'),
    get<Items<{ id: string }>>('/member/document'),
    get<Items<{ id: string; openedAt: string | null }>>('/member/announcement'),
    get<{ shifts: Shift[] }>('/member/work-shift', { from: day(1), to: day(35) }),
    get<Items<{ id: string }>>('/member/shift-swap'),
  ]);
  return {
    token: NO_TOKEN,
    user: contracts?.items[0]?.userInfoId,
    contract: contracts?.items[0]?.id,
    group: groups?.items[0]?.id,
    templateDay: days?.[0]?.id,
    templateWeek: weeks?.[0]?.id,
    holiday: holidays?.[0]?.id,
    monthLog: logs?.items[0]?.id,
    announcement: news?.items[0]?.id,
    workShift: planning?.shifts[0]?.id,
    shiftSwap: swaps?.items[0]?.id,
    paycheckImport: imports?.items[0]?.id,
    myPaycheck: myPaychecks?.items[0]?.id,
    myDocument: myDocuments?.items[0]?.id,
    // One already opened if there is one: opening another would mark it read for the specs that follow.
    myAnnouncement: (myNews?.items.find((n) => n.openedAt) ?? myNews?.items[0])?.id,
    myWorkShift: myShifts?.shifts.find((s) => !s.openSwapId)?.id,
    myShiftSwap: mySwaps?.items[0]?.id,
  };
}

/** What a route must show the role: its page, its page saying the record is not there, the 403 page, or another. */
interface Expected {
  url: string;
  /** The pathname the browser must end on. */
  pathname: string;
  /** The error mark that must show (data-testid), or none for a page. */
  mark: string | null;
  /** For a record that is not there: the page says so (its load failure or the 404 page). */
  missing: boolean;
  /** The calls that may fail: the record that is not there, the token never issued. */
  mayFail: (url: string, status: number) => boolean;
}

function expectedOf(route: WalkRoute, me: DerivedUser, ids: Ids): Expected {
  let missing = false;
  const url =
    route.path === '*'
      ? UNKNOWN_PATH
      : route.path.replace(/:(\w+)/g, (_, name: string) => {
          const id = ids[route.params![name]!];
          if (id) return id;
          missing = true;
          return NO_ID;
        });
  const none = () => false;
  if (route.open === 'home') return { url, pathname: me.homeRoute, mark: null, missing: false, mayFail: none };
  if (route.open === 'verify-email')
    return {
      url,
      pathname: url,
      mark: 'verify-email-failed',
      missing: false,
      mayFail: (u, status) => u.includes(`/auth/verify-email/${NO_TOKEN}`) && status >= 400 && status < 500,
    };
  if (route.open) return { url, pathname: url, mark: `error-${route.open}`, missing: false, mayFail: none };
  if (!can(me, route.permission)) return { url, pathname: url, mark: 'error-403', missing: false, mayFail: none };
  return {
    url,
    pathname: url,
    mark: null,
    missing,
    mayFail: (u, status) => missing && status === 404 && u.includes(NO_ID),
  };
}

/**
 * A page signed in as the person. The login page has its own tests (shell.spec.ts): the session is opened through the
 * API, as the login form does. The roles share one context, one after the other (its cookies cleared in between): the
 * app's code loads once, from its cache.
 */
async function signIn(context: BrowserContext, email: string) {
  await context.clearCookies();
  const login = await context.request.post('/api/v1/auth/login', {
    headers: { 'X-Client': 'timbro-web' },
    data: { username: email, password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return context.newPage();
}

interface Role {
  who: string;
  email: string;
  /** The routes walked, when not all of them. */
  only?: (route: WalkRoute) => boolean;
}

/**
 * The walk of one signed-in page through the routes, every problem reported as "route: what". The page errors, the
 * console errors and the failed calls are charged to the route shown. The app opens on the 403 page (in the frame,
 * lighter than the role's home, which the walk shows soon).
 */
async function walkPage(page: Page, routes: WalkRoute[], me: DerivedUser, ids: Ids, problems: string[]) {
  let here = 'landing (/403)';
  let expected: Expected | null = null;
  /** The screens this role has seen narrowed to a phone. */
  const phoned = new Set<string>();
  const inflight = new Set<object>();
  page.on('pageerror', (e) => problems.push(`${here}: page error ${e.message}`));
  page.on('console', (m) => {
    // A failed load is reported with its URL by the response listener, which knows the expected ones.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      problems.push(`${here}: console error ${m.text()}`);
  });
  page.on('response', (r) => {
    const status = r.status();
    if (status >= 400 && !expected?.mayFail(r.url(), status))
      problems.push(`${here}: ${status} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('request', (r) => {
    if (!LONG_LIVED.test(r.url())) inflight.add(r);
  });
  page.on('requestfinished', (r) => inflight.delete(r));
  page.on('requestfailed', (r) => {
    inflight.delete(r);
    // Aborted: a page left before its call ended (a query cancelled on unmount) is no failure.
    if (!/ERR_ABORTED/.test(r.failure()?.errorText ?? '') && !LONG_LIVED.test(r.url()))
      problems.push(`${here}: request failed ${r.url()} ${r.failure()?.errorText}`);
  });

  /** What the page shows once settled: no call in flight for a while, nothing spinning. */
  async function settled() {
    const started = Date.now();
    for (;;) {
      let calm = Date.now();
      while (inflight.size > 0 || Date.now() - calm < QUIET_MS) {
        if (inflight.size > 0) calm = Date.now();
        await new Promise((r) => setTimeout(r, 10));
      }
      const seen = await page.evaluate(
        ({ marks, busy }) => ({
          busy: [...document.querySelectorAll(busy)].some((e) => e.checkVisibility()),
          pathname: location.pathname,
          lang: document.documentElement.lang,
          marks: marks.filter((m) => document.querySelector(`[data-testid="${m}"]`)?.checkVisibility()),
          headings: document.querySelectorAll('h1').length,
          text: document.body.innerText,
          labels: [...document.querySelectorAll('[aria-label], [placeholder], [title]')]
            .map((e) => ['aria-label', 'placeholder', 'title'].map((a) => e.getAttribute(a) ?? '').join('\n'))
            .join('\n'),
        }),
        { marks: SHOWN_MARKS, busy: BUSY },
      );
      if (!seen.busy) return seen;
      if (Date.now() - started > 15_000) {
        problems.push(`${here}: still loading after 15 s`);
        return seen;
      }
    }
  }

  await page.goto('/403');
  await expect(page.getByTestId('error-403')).toBeVisible({ timeout: 20_000 });
  await settled();

  for (const route of routes) {
    const exp = expectedOf(route, me, ids);
    // The operator's area is the operator's alone (issue 16).
    if (route.path.startsWith('/operator/') && !me.isOperator) expect(exp.mark, route.path).toBe('error-403');
    expected = exp;
    here = `${route.path} (${exp.url})`;
    // Client-side, as a link would: the router follows a history entry pushed with a popstate. The headings and error
    // marks shown so far are marked stale; the new route has rendered when a fresh one shows (or the expected error
    // page shows again: the router may keep its element).
    const rendered = await page.evaluate(
      ({ url, pathname, mark, shown, fresh }) =>
        new Promise<boolean>((resolve) => {
          // (The role's home is shown already when it is the route.)
          if (location.pathname !== url)
            document.querySelectorAll(shown).forEach((e) => e.setAttribute('data-walk-stale', ''));
          history.pushState(null, '', url);
          dispatchEvent(new PopStateEvent('popstate'));
          const deadline = Date.now() + 10_000;
          const check = () => {
            if (
              location.pathname === pathname &&
              (document.querySelector(fresh) !== null ||
                (mark !== null && document.querySelector(`[data-testid="${mark}"]`) !== null))
            )
              resolve(true);
            else if (Date.now() > deadline) resolve(false);
            else setTimeout(check, 10);
          };
          check();
        }),
      { url: exp.url, pathname: exp.pathname, mark: exp.mark, shown: RENDERED.join(','), fresh: FRESH },
    );
    if (!rendered) problems.push(`${here}: the route never rendered`);
    const seen = await settled();

    if (seen.pathname !== exp.pathname) problems.push(`${here}: ended on ${seen.pathname}, not ${exp.pathname}`);
    if (seen.lang !== 'it') problems.push(`${here}: the page's language is ${seen.lang}`);
    if (exp.missing) {
      if (!seen.marks.some((m) => m === 'load-failure' || m === 'error-404'))
        problems.push(`${here}: a record that is not there shows neither its load failure nor the 404 page`);
      const others = seen.marks.filter((m) => m !== 'load-failure' && m !== 'error-404');
      if (others.length > 0) problems.push(`${here}: shows ${others.join(', ')}`);
    } else {
      const wrong = seen.marks.filter((m) => m !== exp.mark);
      if (wrong.length > 0) problems.push(`${here}: shows ${wrong.join(', ')}`);
      if (exp.mark && !seen.marks.includes(exp.mark)) problems.push(`${here}: does not show ${exp.mark}`);
      if (seen.headings === 0) problems.push(`${here}: no heading`);
    }
    // A key of the catalogs, or one that is not there (a missing text) under one of their namespaces; a file name
    // ("users.csv") is no key.
    const keys = [...`${seen.text}\n${seen.labels}`.matchAll(KEY_LIKE)]
      .map((m) => m[0])
      .filter((k) => KEYS.has(k) || (NAMESPACES.has(k.split('.')[0]!) && k.split('.').length >= 3));
    if (keys.length > 0) problems.push(`${here}: raw i18n keys ${[...new Set(keys)].join(', ')}`);
    // An error page is one screen whichever route shows it; a route's own page is looked at once, for the first role.
    const errorShown = seen.marks.filter((m) => ERROR_MARKS.includes(m));
    await axeOnce(page, errorShown.length ? errorShown.join(',') : route.path, here, problems);
    const english = [...ENGLISH].filter((e) => seen.text.includes(e) || seen.labels.includes(e));
    if (english.length > 0) problems.push(`${here}: English text ${english.map((e) => `"${e}"`).join(', ')}`);
    // An error page is one screen whichever route shows it: narrowed once per role (the 403 page of the employee's
    // fifty admin routes is the same screen fifty times).
    const phoneKey = errorShown.length ? errorShown.join(',') : exp.url;
    if (!phoned.has(phoneKey)) {
      phoned.add(phoneKey);
      await phoneWidth(page, settled, here, problems);
    }
  }
}

/** The narrowest phone the app is made for (issue 30 item 15: no page scrolls sideways between 360 and 414 px). */
const PHONE = { width: 360, height: 740 };

/**
 * The page shown, narrowed to a phone (the same page, resized: no second walk): nothing may scroll sideways — the
 * document no wider than the screen — and the header's buttons (menu, language, bell, profile) all on screen. A
 * problem names what sticks out, as far as the page lets it show (an element placed outside a scroller that clips it).
 * The walk's width is restored after.
 */
async function phoneWidth(page: Page, settle: () => Promise<unknown>, here: string, problems: string[]) {
  // On by default; `WALK_PHONE=0` walks without it (to measure what it costs).
  if (process.env.WALK_PHONE === '0') return;
  const wide = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  try {
    // The phone layout painted (a breakpoint's re-render, a grid measuring itself). Something too wide is looked at
    // again once the page has settled (a call the phone layout made, a grid between two measurements): only what
    // stays too wide is a problem. Most screens pass at the first look, which keeps the walk's added time small.
    const measure = () =>
      page.evaluate(async () => {
        // Two frames: the breakpoint's re-render and what it measures painted (one round trip, no more).
        await new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
        const doc = document.scrollingElement!;
        const width = doc.clientWidth;
        const out = (e: Element) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
        };
        const name = (e: Element) =>
          `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[data-testid=${e.getAttribute('data-testid')}]` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
        const header = [...document.querySelectorAll('header button')].filter(out).map(name);
        if (doc.scrollWidth <= width) return { scrollWidth: doc.scrollWidth, width, header, culprits: [] };
        // What sticks out and no scroller clips (an absolute element escapes a scroller it is not placed in).
        const clipped = (e: Element) => {
          let absolute = getComputedStyle(e).position === 'absolute';
          if (getComputedStyle(e).position === 'fixed') return true;
          for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
            const style = getComputedStyle(p);
            if (style.overflowX !== 'visible' && !absolute) return true;
            if (style.position !== 'static') absolute = style.position === 'absolute';
          }
          return false;
        };
        const culprits = [...document.body.querySelectorAll('*')].filter((e) => out(e) && !clipped(e));
        // The outermost ones: their insides say nothing more.
        const outermost = culprits.filter((e) => !culprits.some((c) => c !== e && c.contains(e)));
        return { scrollWidth: doc.scrollWidth, width, header, culprits: outermost.slice(0, 3).map(name) };
      });
    let seen = await measure();
    if (seen.scrollWidth > seen.width || seen.header.length > 0) {
      await painted(page);
      await settle();
      seen = await measure();
    }
    if (seen.scrollWidth > seen.width)
      problems.push(
        `${here}: at ${PHONE.width} px the page is ${seen.scrollWidth} px wide (${seen.culprits.join(', ') || '?'})`,
      );
    if (seen.header.length > 0)
      problems.push(`${here}: at ${PHONE.width} px the header's ${seen.header.join(', ')} off screen`);
  } finally {
    await page.setViewportSize(wide);
  }
}

/** The screens axe has looked at (a route's path with what it showed), across the roles. */
const AXED = new Set<string>();
const axeTally = { screens: 0, serious: 0, ms: 0 };

/** axe-core on the current screen, once per route and outcome: serious and critical violations become problems. */
async function axeOnce(page: Page, key: string, here: string, problems: string[]) {
  // On by default (axe's legacy mode: ~35 s for the 64 screens on the 2-core CI machine); `WALK_AXE=0` leaves it out.
  if (process.env.WALK_AXE === '0' || AXED.has(key)) return;
  AXED.add(key);
  const started = Date.now();
  await painted(page);
  const serious = await seriousViolations(page);
  axeTally.screens++;
  axeTally.ms += Date.now() - started;
  for (const v of serious) {
    axeTally.serious++;
    problems.push(`${here}: axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
}

/** Walks the role's routes: the problems found. */
async function walk(context: BrowserContext, role: Role) {
  const page = await signIn(context, role.email);
  const { get, post, del, me } = await apiOf(page);
  const ids = await idsOf(get);
  // Without a group (the demo data has none), one of the walk's own: the group form opens a real one. Removed after.
  const ownGroup =
    !ids.group && can(me, 'group:write')
      ? await post<{ id: string }>('/admin/group', { name: 'Giro delle pagine' })
      : null;
  if (ownGroup) ids.group = ownGroup.id;
  const routes = WALK_ROUTES.filter((r) => role.only?.(r) ?? true);
  expect(routes.length, role.who).toBeGreaterThan(0);
  const problems: string[] = [];
  try {
    await walkPage(page, routes, me, ids, problems);
  } finally {
    if (ownGroup) await del(`/admin/group/${ownGroup.id}`);
    // The next role starts afresh: no active workspace or other choice of this one's left in the browser.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.close();
  }
  return problems;
}

const ROLES: Role[] = [
  { who: 'admin', email: 'admin@demo.timbro.it' },
  { who: 'accountant', email: 'consulente@demo.timbro.it' },
  { who: 'employee', email: 'mario.rossi@demo.timbro.it' },
  // The operator's area as the operator (the others get its 403 page).
  { who: 'operator', email: 'operator@demo.timbro.it', only: (r) => r.path.startsWith('/operator/') },
];

let context: BrowserContext;
test.beforeAll(async ({ browser }, testInfo) => {
  context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    reducedMotion: 'reduce',
  });
});
test.afterAll(() => context.close());

for (const role of ROLES)
  test(`the ${role.who} walks ${role.only ? 'their area' : 'every route of the table'}`, async () => {
    // About 30 s for the admin's 71 routes on a busy 2-core machine, and axe on each new screen; room for a busier one.
    test.setTimeout(240_000);
    expect(await walk(context, role)).toEqual([]);
  });

test.afterAll(() => {
  console.info(
    `Route walk: axe on ${axeTally.screens} distinct screens, serious or critical violations ${axeTally.serious}`,
  );
});
