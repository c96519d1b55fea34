import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors';
import { limitWork, WORK_LIMITS } from '../src/lib/work-limits';
import { createTestContext, type TestContext } from './helpers';

/** Limits on expensive work (issue 30 items 2, 8, 9): per person and per company, in the database, one-hour windows. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('limitWork', () => {
  it('lets a person do the hour’s share of exports, then answers 429 with Retry-After; another person goes on', async () => {
    const at = new Date('2026-12-07T10:05:00Z');
    const who = { userId: randomUUID(), workspaceId: ctx.ws.demo };
    for (let i = 0; i < WORK_LIMITS.export.perUser; i++) await limitWork(ctx.db, 'export', who, at);
    const err = await limitWork(ctx.db, 'export', who, at).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    expect((err as AppError).message).toBe('Troppe esportazioni nell’ultima ora: riprova tra 55 minuti');
    expect((err as AppError).options.headers).toEqual({ 'retry-after': '3300' });
    await limitWork(ctx.db, 'export', { ...who, userId: randomUUID() }, at);
    // The next hour starts afresh.
    await limitWork(ctx.db, 'export', who, new Date('2026-12-07T11:00:00Z'));
  });

  it('a company’s limit holds whatever how many people share the work', async () => {
    const at = new Date('2026-12-07T12:00:00Z');
    const workspaceId = ctx.ws.beta;
    for (let i = 0; i < WORK_LIMITS['month-close'].perWorkspace; i++)
      await limitWork(ctx.db, 'month-close', { userId: randomUUID(), workspaceId }, at);
    const err = await limitWork(ctx.db, 'month-close', { userId: randomUUID(), workspaceId }, at).catch((e) => e);
    expect((err as AppError).message).toMatch(/^Troppe chiusure mensili nell’ultima ora/);
    // Another company is not held by it.
    await limitWork(ctx.db, 'month-close', { userId: randomUUID(), workspaceId: ctx.ws.demo }, at);
  });
});
