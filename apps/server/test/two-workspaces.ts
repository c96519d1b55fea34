import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { justifications, payrollSettings, userInfos } from '../src/db/schema';
import { todayIn } from '../src/lib/time';
import { runAnnouncementJob } from '../src/modules/announcements/announcements.job';
import { runMonthCloseJob } from '../src/modules/month-logs/month-close.job';
import { attachment, createAnnouncement } from './announcement-forms';
import {
  buildDocumentNotice,
  buildEmployee,
  buildInvitedAccount,
  buildPunch,
  buildRequest,
  buildWaitingSwap,
} from './factories';
import { membershipOf, type Session, type TestContext } from './helpers';
import { uploadAndRead } from './paycheck-import.fixtures';
import { publishPaycheck } from './paycheck-forms';
import { pdf, png } from './upload-corpus';

/**
 * Both seeded workspaces filled with one record of every kind a route can name (issue 17's generated matrices): a
 * closed month with its payroll file, a pay slip, a pay-slip import, a document, a sent announcement with an
 * attachment, two published shifts and a swap, a group, an absence request, a punch, a notification, a logo, a
 * pending invitation — each made the way the product makes it (the API, its jobs) where it can be.
 */

const quiet = { info: () => undefined, error: () => undefined };
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const monthBefore = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
};

export interface Populated {
  /** A member of the workspace (the swap's requester): Mario in Demo, Paolo in Beta. */
  member: string;
  /** Another member, whose records are a colleague's for the first. */
  colleague: string;
}

async function ok(res: { statusCode: number; body: string; json(): unknown }, status = [200, 201, 202]) {
  expect(status, res.body).toContain(res.statusCode);
  return res.json() as Record<string, unknown> & { id: string };
}

/** Fills one workspace, as its admin; returns who is who. */
export async function populate(
  ctx: TestContext,
  workspace: string,
  admin: Session,
  memberEmail: string,
  tag: string,
): Promise<Populated> {
  const opts = { session: admin, workspace };
  const member = (await membershipOf(ctx, memberEmail, workspace))!.id;
  const colleague = (await buildEmployee(ctx, workspace, { firstName: 'Collega', lastName: `Di ${tag}` })).userInfoId;

  // Payroll codes, a closed month (the job), its payroll file.
  await ctx.db
    .insert(payrollSettings)
    .values({ workspaceId: workspace, companyCode: '145', branchCode: '1', workedCode: 'ORD', overtimeCode: 'STR' });
  await ctx.db.execute(
    sql`update ${userInfos} u set payroll_code = s.n::text
        from (select id, 100 + row_number() over (order by id) as n from ${userInfos} where workspace_id = ${workspace}) s
        where u.id = s.id`,
  );
  await ctx.db.execute(
    sql`update ${justifications} set payroll_code = left(regexp_replace(upper(code), '[^A-Z0-9]', '', 'g'), 3) where workspace_id = ${workspace}`,
  );
  const month = monthBefore(todayIn('Europe/Rome').slice(0, 7));
  const log = await ok(await ctx.post('/admin/month-log', { month, force: true }, opts));
  await runMonthCloseJob(ctx.deps, quiet);
  await ok(await ctx.post(`/admin/month-log/${log.id}/export`, { profile: 'csv' }, opts));

  // Pay slip, pay-slip import, document.
  await publishPaycheck(ctx, admin, workspace, member);
  await publishPaycheck(ctx, admin, workspace, colleague);
  await uploadAndRead(ctx, admin, workspace, pdf([[tag.toUpperCase()]]));
  for (const who of [member, colleague]) {
    const doc = new FormData();
    doc.append('label', `Documento ${tag}`);
    doc.append('file', new Blob([pdf([['DOCUMENTO']])]), 'documento.pdf');
    await ok(await ctx.request('POST', `/admin/user/${who}/document`, doc, opts));
  }

  // An announcement with an attachment, sent by its job.
  await createAnnouncement(ctx, admin, workspace, {
    audience: { userInfoIds: [member, colleague] },
    requiresAck: true,
    files: [attachment()],
  });
  await runAnnouncementJob(ctx.deps, undefined, () => new Date(Date.now() + 1000));

  // Two published shifts and a swap between them (waiting for the admin).
  const shiftOf = async (userInfoId: string, date: string) => {
    const made = await ok(
      await ctx.post(
        '/admin/work-shift',
        { date, userInfoIds: [userInfoId], startMinutes: 480, endMinutes: 960, pauseMinutes: 30 },
        opts,
      ),
    );
    await ok(await ctx.post('/admin/work-shift/publish', { from: date, to: date, overrideNote: 'Matrice' }, opts));
    return (made.shifts as { id: string }[])[0]!.id;
  };
  const mine = await shiftOf(member, day(45));
  const theirs = await shiftOf(colleague, day(46));
  await buildWaitingSwap(ctx, workspace, {
    source: mine,
    target: theirs,
    requester: member,
    colleague,
    date: day(45),
  });

  // A group, a request and a punch of each member, a notification each, a logo, a pending invitation.
  await ok(await ctx.post('/admin/group', { name: `Gruppo ${tag}` }, opts));
  for (const who of [member, colleague]) {
    await buildRequest(ctx, workspace, who, { date: day(30) });
    await buildPunch(ctx, workspace, who, { date: day(-3), time: '09:00', direction: 'in' });
    await buildDocumentNotice(ctx, workspace, who);
  }
  const logo = new FormData();
  logo.append('file', new Blob([png()]), 'logo.png');
  await ok(await ctx.request('POST', '/admin/file/logo', logo, opts));
  const invited = await buildInvitedAccount(ctx, `invitato.${tag}@esempio.it`, 'Invitato', tag);
  await ctx.db.insert(userInfos).values({
    workspaceId: workspace,
    userId: invited.id,
    firstName: 'Invitato',
    lastName: tag,
    invitationStatus: 'pending',
    isMember: true,
  });
  return { member, colleague };
}
