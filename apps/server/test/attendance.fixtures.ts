import { inWorkspace, type DemoContext } from './helpers';
import { seededPeople, setNineToSixWeek } from './factories';

/**
 * What the attendance tests share (attendance.routes, attendance.requests): the people they sign in as and look up,
 * with Mario's and Giulia's week set to known hours.
 */

/**
 * The demo roles (Mario is the employee) and Giulia signed in; Demo's records of Mario, Giulia and the admin, Beta's
 * Paolo and Demo's absence types by code. Mario and Giulia work 9–18 with a 13–14 lunch break, Monday to Friday (8 h a
 * day): known figures for the tests.
 */
export async function attendanceCast(d: DemoContext) {
  const giulia = await d.ctx.login('giulia.esposito@demo.timbro.it');
  const people = await seededPeople(d.ctx);
  for (const who of ['mario.rossi', 'giulia.esposito'])
    await setNineToSixWeek(d.ctx, inWorkspace(d.ctx.ws.demo, d.admin), people.ids[who]!);
  return { ...d, mario: d.member, giulia, ...people };
}
export type AttendanceCast = Awaited<ReturnType<typeof attendanceCast>>;
