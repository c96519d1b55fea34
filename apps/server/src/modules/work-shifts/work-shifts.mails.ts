import { mailSignature } from '../../lib/mail-templates';
import { italianDate } from '../../lib/time';

/** The Italian e-mails of work shifts and swaps (sent through the notification dispatcher, ADR 0020). */

const mail = (template: string, subject: string, firstName: string, body: string, link: string) => ({
  template,
  subject,
  text: `Ciao ${firstName},\n\n${body}\n\nApri Timbro:\n${link}` + mailSignature,
});

/** One message per person and publication, however many of their shifts it published. */
export function shiftsPublishedMail(firstName: string, count: number | null, from: string, to: string, link: string) {
  const what =
    count === 1
      ? 'è stato pubblicato un tuo turno'
      : count === null
        ? 'sono stati pubblicati i tuoi turni'
        : `sono stati pubblicati ${count} tuoi turni`;
  return mail(
    'shift-published',
    'Nuovi turni pubblicati',
    firstName,
    `${what} tra il ${italianDate(from)} e il ${italianDate(to)}.`,
    link,
  );
}

/** A published shift of the person's changed or was removed: the old and the new. */
export function shiftChangedMail(firstName: string, before: string, after: string | null, link: string) {
  return mail(
    'shift-changed',
    after ? 'Un tuo turno è cambiato' : 'Un tuo turno è stato annullato',
    firstName,
    after ? `il tuo turno ${before} ora è ${after}.` : `il tuo turno ${before} è stato annullato.`,
    link,
  );
}

export function swapMail(template: string, subject: string, firstName: string, body: string, link: string) {
  return mail(template, subject, firstName, body, link);
}
