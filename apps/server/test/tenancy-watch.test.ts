import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { CROSS_WORKSPACE_ALLOWED, tenancyViolation, watchedStatements } from './tenancy-watch';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('tenancy watch', () => {
  it('flags a statement on a tenant table without a workspace predicate, and only that', () => {
    expect(tenancyViolation('select "id", "name" from "groups" where "groups"."id" = $1')).toEqual(['groups']);
    expect(tenancyViolation('delete from "contracts" where "contracts"."id" = $1')).toEqual(['contracts']);
    expect(tenancyViolation('update "punches" set "note" = $1 where "punches"."id" = $2')).toEqual(['punches']);
    expect(
      tenancyViolation('select "id" from "groups" where ("groups"."workspace_id" = $1 and "groups"."id" = $2)'),
    ).toBeNull();
    expect(tenancyViolation('insert into "groups" ("id", "workspace_id", "name") values (default, $1, $2)')).toBeNull();
    // A workspace predicate inside a sub-select does not scope the outer table.
    expect(
      tenancyViolation(
        'select "id", (select count(*) from "group_members" gm where gm.workspace_id = "groups"."workspace_id") from "groups" where "groups"."id" = $1',
      ),
    ).toEqual(['group_members', 'groups']);
    expect(
      tenancyViolation(
        'select "id", (select count(*) from "group_members" gm where gm.workspace_id = $2) from "groups" where ("groups"."workspace_id" = $1 and "groups"."id" = $3)',
      ),
    ).toBeNull();
    expect(tenancyViolation('select 1 from "user_infos" o where o.user_id = $1')).toEqual(['user_infos']);
    // Platform tables are not tenant tables.
    expect(tenancyViolation('select "id" from "users" where "users"."email" = $1')).toBeNull();
  });

  it('sees the statements of API requests made through the test context, not the tests’ own queries', async () => {
    const before = watchedStatements();
    await ctx.db.execute('select 1');
    expect(watchedStatements()).toBe(before);
    const admin = await ctx.login('admin@demo.timbro.it');
    const res = await ctx.get('/admin/group', { session: admin, workspace: ctx.ws.demo });
    expect(res.statusCode).toBe(200);
    expect(watchedStatements()).toBeGreaterThan(before + 3);
  });

  it('every allowed cross-workspace statement says why', () => {
    for (const a of CROSS_WORKSPACE_ALLOWED) expect(a.reason.length).toBeGreaterThan(20);
  });
});
