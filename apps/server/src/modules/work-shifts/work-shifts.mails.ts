import { mailSignature } from '../../lib/mail-templates';
import { italianDate } from '../../lib/time';
import type { Notice } from '../notifications';

/**
 * The Italian texts of work shifts and swaps: each event's notification and e-mail (sent through the dispatcher, ADR
 * 0020). The web writes its own texts from each notification's `params` in the reader's language (ADR 0021).
 */

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

const slashed = (d: string) => d.split('-').reverse().join('/');

/** To each person of a publication, once: their shifts of [from, to] are published. */
export function shiftsPublishedNotice(from: string, to: string): Notice {
  return {
    title: 'Nuovi turni pubblicati',
    body: `Sono stati pubblicati i tuoi turni tra il ${slashed(from)} e il ${slashed(to)}`,
    mail: (r) => shiftsPublishedMail(r.firstName, null, from, to, r.link),
  };
}

/** To the people who keep a published shift whose day or times changed: before and now. */
export function shiftChangedNotice(was: string, now: string): Notice {
  return {
    title: `Il tuo turno del ${was} è cambiato`,
    body: `Ora: ${now}`,
    mail: (r) => shiftChangedMail(r.firstName, was, now, r.link),
  };
}

/** To the people taken off a published shift, or of a published shift deleted. */
export function shiftCancelledNotice(was: string): Notice {
  return {
    title: `Il tuo turno del ${was} è stato annullato`,
    mail: (r) => shiftChangedMail(r.firstName, was, null, r.link),
  };
}

/** To the people added to a published shift. */
export function shiftAddedNotice(now: string, date: string): Notice {
  return { title: `Nuovo turno per te: ${now}`, mail: (r) => shiftsPublishedMail(r.firstName, 1, date, date, r.link) };
}

/** To the colleague asked: who asks, and the two shifts. */
export function swapRequestedNotice(requester: string, source: string, target: string): Notice {
  const title = `${requester} ti chiede di scambiare un turno`;
  const body = `Il suo turno del ${source} con il tuo del ${target}`;
  return {
    title,
    body,
    mail: (r) => mail('swap-requested', title, r.firstName, `${body}. Rispondi su Timbro.`, r.link),
  };
}

/** To the person who asked: the colleague's answer (and their note when they declined). */
export function swapAnsweredNotice(colleague: string, shift: string, accepted: boolean, note: string | null): Notice {
  const title = accepted
    ? `${colleague} ha accettato lo scambio del turno del ${shift}`
    : `${colleague} ha rifiutato lo scambio del turno del ${shift}`;
  return {
    title,
    body: accepted ? 'Ora decide un amministratore' : (note ?? ''),
    mail: (r) => mail('swap-answered', title, r.firstName, `${title}.`, r.link),
  };
}

/** To the admins: a swap both people agreed on waits for a decision. */
export function swapToDecideNotice(requester: string, colleague: string, source: string, target: string): Notice {
  const title = `Cambio turno da approvare: ${requester} e ${colleague}`;
  return {
    title,
    body: `${source} ↔ ${target}`,
    mail: (r) => mail('swap-to-decide', title, r.firstName, `${title}.`, r.link),
  };
}

/** To both people: the admin's decision, with the note. */
export function swapDecidedNotice(approved: boolean, source: string, target: string, note: string | null): Notice {
  const title = approved
    ? `Cambio turno approvato: ${source} ↔ ${target}`
    : `Cambio turno rifiutato: ${source} ↔ ${target}`;
  return {
    title,
    body: note ?? '',
    mail: (r) => mail('swap-decided', title, r.firstName, `${title}.${note ? `\nNota: ${note}` : ''}`, r.link),
  };
}

/** To both people: their swap was rejected automatically (the shift changed or was deleted), and why. */
export function swapAutoRejectedNotice(date: string, reason: string): Notice {
  const title = `Cambio turno del ${italianDate(date)} rifiutato automaticamente`;
  return {
    title,
    body: reason,
    mail: (r) => mail('swap-decided', title, r.firstName, `${title}: ${reason.toLowerCase()}.`, r.link),
  };
}
