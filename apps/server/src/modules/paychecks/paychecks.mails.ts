import { ITALIAN_MONTHS } from '@timbro/shared';
import { mailSignature } from '../../lib/mail-templates';
import type { Notice } from '../notifications';

/** The Italian texts of pay slips: each event's notification and e-mail (sent through the dispatcher, ADR 0020). */

const periodOf = (year: number, month: number) => `${ITALIAN_MONTHS[month - 1]} ${year}`;

/** To the employee: a pay slip of theirs is published (ADR 0019). */
export function paycheckPublishedNotice(year: number, month: number): Notice {
  const period = periodOf(year, month);
  const subject = `Il tuo cedolino di ${period} è disponibile`;
  return {
    title: subject,
    mail: ({ firstName, link }) => ({
      template: 'paycheck-published',
      subject,
      text:
        `Ciao ${firstName},\n\nè disponibile il tuo cedolino di ${period}.\n\nLo trovi qui:\n${link}` + mailSignature,
    }),
  };
}

/** The one reminder of a pay slip still unopened a week after it was published (ADR 0019). */
export function paycheckReminderNotice(year: number, month: number): Notice {
  const period = periodOf(year, month);
  const subject = `Promemoria: il tuo cedolino di ${period} ti aspetta`;
  return {
    title: subject,
    mail: ({ firstName, link }) => ({
      template: 'paycheck-reminder',
      subject,
      text:
        `Ciao ${firstName},\n\nil tuo cedolino di ${period} è disponibile da una settimana e non risulta ancora aperto.\n\n` +
        `Lo trovi qui:\n${link}\n\nQuesto è l'unico promemoria che riceverai per questo cedolino.` +
        mailSignature,
    }),
  };
}
