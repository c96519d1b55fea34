import type { AccountantOverview } from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { todayIn } from '../../lib/time';
import type { Actor } from '../../plugins/request-context';
import * as repo from './accountant.repository';
import { monthRange } from './month-compute';

/** The month before today's (Europe/Rome): the month a consultant hands off. */
export function previousMonth(now = new Date()) {
  const [y, m] = todayIn('Europe/Rome', now).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/**
 * GET /accountant/overview: every workspace where the account is accountant, with the month's newest version, the
 * open requests of the month, the changes since its version and the files made. Four statements whatever the number
 * of companies; an account that is accountant nowhere gets an empty list.
 */
export async function accountantOverview(deps: AppDeps, actor: Actor, month?: string): Promise<AccountantOverview> {
  const m = month ?? previousMonth();
  const mine = actor.memberships.filter((w) => w.enabled && w.flags.accountant);
  if (mine.length === 0) return { month: m, items: [] };
  const ids = mine.map((w) => w.workspaceId);
  const { from, to } = monthRange(m);
  const [latest, pending, changes, exports] = await Promise.all([
    repo.latestVersions(deps.db, ids, to),
    repo.pendingRequests(deps.db, ids, from, to),
    repo.changesAfterLatest(deps.db, ids, to),
    repo.exportCounts(deps.db, ids, to),
  ]);
  const count = (rows: { workspaceId: string; n: number }[], id: string) =>
    rows.find((r) => r.workspaceId === id)?.n ?? 0;
  return {
    month: m,
    items: mine
      .map((w) => {
        const l = latest.find((r) => r.workspaceId === w.workspaceId);
        return {
          workspace: { id: w.workspaceId, name: w.workspaceName },
          latest: l
            ? {
                id: l.id,
                versionNumber: l.versionNumber,
                status: l.status,
                finishedAt: l.finishedAt?.toISOString() ?? null,
                reopened: l.reopenedAt !== null,
              }
            : null,
          pendingRequests: count(pending, w.workspaceId),
          changesSince: count(changes, w.workspaceId),
          exports: count(exports, w.workspaceId),
        };
      })
      .sort((a, b) => a.workspace.name.localeCompare(b.workspace.name, 'it')),
  };
}
