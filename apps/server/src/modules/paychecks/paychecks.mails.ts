import { ITALIAN_MONTHS } from '@timbro/shared';
import { mailSignature } from '../../lib/mail-templates';

/** The Italian e-mails of pay slips (sent through the notification dispatcher, ADR 0020). */

/** To the employee: a pay slip of theirs is published (ADR 0019). */
export function paycheckPublishedMail(firstName: string, year: number, month: number, link: string) {
  const period = `${ITALIAN_MONTHS[month - 1]} ${year}`;
  return {
    template: 'paycheck-published',
    subject: `Il tuo cedolino di ${period} è disponibile`,
    text: `Ciao ${firstName},\n\nè disponibile il tuo cedolino di ${period}.\n\nLo trovi qui:\n${link}` + mailSignature,
  };
}

/** The one reminder of a pay slip still unopened a week after it was published (ADR 0019). */
export function paycheckReminderMail(firstName: string, year: number, month: number, link: string) {
  const period = `${ITALIAN_MONTHS[month - 1]} ${year}`;
  return {
    template: 'paycheck-reminder',
    subject: `Promemoria: il tuo cedolino di ${period} ti aspetta`,
    text:
      `Ciao ${firstName},\n\nil tuo cedolino di ${period} è disponibile da una settimana e non risulta ancora aperto.\n\n` +
      `Lo trovi qui:\n${link}\n\nQuesto è l'unico promemoria che riceverai per questo cedolino.` +
      mailSignature,
  };
}
