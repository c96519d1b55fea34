import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WALK_ROUTES } from '../../e2e/route-walk-list';
import { AnonymousOnly } from '../lib/auth/require-auth';
import { appRoutes } from './router';
import { PROTECTED_ROUTES } from './routes';

/** Every route of a route tree, at any depth. */
function allRoutes(routes: readonly RouteObject[]): RouteObject[] {
  return routes.flatMap((r) => [r, ...allRoutes(r.children ?? [])]);
}

const routes = allRoutes(appRoutes(PROTECTED_ROUTES)).filter((r) => r.path);
/** The anonymous pages (login, password links…): a signed-in person only bounces off them, the walk leaves them out. */
const anonymous = routes.filter((r) => isValidElement(r.element) && r.element.type === AnonymousOnly);
const walked = WALK_ROUTES.map((r) => r.path);

/** The e2e route walk (e2e/route-walk.spec.ts) visits every route of the app: its list follows the route table. */
describe("the route walk's list is the app's route table", () => {
  it('has every path of the router but the anonymous pages, once, and no other', () => {
    expect(anonymous.map((r) => r.path)).toContain('/signin');
    expect(new Set(walked).size).toBe(walked.length);
    const expected = routes.filter((r) => !anonymous.includes(r)).map((r) => r.path);
    expect([...walked].sort()).toEqual([...new Set(expected)].sort());
  });

  it('gives every protected route the permission of the table, and says what the open ones show', () => {
    const table = new Map(PROTECTED_ROUTES.map((r) => [r.path, r.permission]));
    for (const route of WALK_ROUTES) {
      if (table.has(route.path)) expect(route.permission, route.path).toEqual(table.get(route.path));
      else expect(route.open, route.path).toBeDefined();
    }
  });

  it('names the kind of record of every parameter of a path, and of no other', () => {
    for (const route of WALK_ROUTES) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(route.params ?? {}).sort(), route.path).toEqual(params.sort());
    }
  });
});
