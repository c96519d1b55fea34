import { ITALIAN_MONTHS } from '@timbro/shared';

/** Italian e-mail templates. Plain text first (every client shows it); links are absolute, built from PUBLIC_URL. */
export const mailSignature = '\n\n—\nTimbro · presenze e amministrazione del personale';

/**
 * Templates whose body carries a one-time link (a password reset, a first login): the body is removed from the
 * outbox once sent, or unsent once the link has surely expired (lib/mail.ts). A new template with such a link adds
 * its name here. (No mail body at all reaches the log outside development on a local PUBLIC_URL.)
 */
export const SENSITIVE_MAIL_TEMPLATES: ReadonlySet<string> = new Set(['reset-password', 'invitation', 'verify-email']);

export function resetPasswordMail(firstName: string, link: string, ttlMinutes: number) {
  return {
    template: 'reset-password',
    subject: 'Reimposta la tua password Timbro',
    text:
      `Ciao ${firstName},\n\nabbiamo ricevuto una richiesta di reimpostare la password del tuo account Timbro.\n` +
      `Apri questo link entro ${ttlMinutes} minuti per sceglierne una nuova:\n\n${link}\n\n` +
      'Se non sei stato tu, ignora questo messaggio: la tua password resta invariata.' +
      mailSignature,
  };
}

export function passwordChangedMail(firstName: string) {
  return {
    template: 'password-changed',
    subject: 'La tua password Timbro è stata cambiata',
    text:
      `Ciao ${firstName},\n\nla password del tuo account Timbro è appena stata cambiata e le altre sessioni sono state chiuse.\n` +
      "Se non sei stato tu, reimposta subito la password e avvisa l'amministratore della tua azienda." +
      mailSignature,
  };
}

export function invitationMail(firstName: string, workspaceName: string, link: string) {
  return {
    template: 'invitation',
    subject: `Benvenuto in Timbro — ${workspaceName}`,
    text:
      `Ciao ${firstName},\n\n${workspaceName} ti ha dato accesso a Timbro, dove troverai presenze, richieste, cedolini e documenti.\n` +
      `Per il primo accesso scegli la tua password da questo link:\n\n${link}\n` +
      mailSignature,
  };
}

export function welcomeMail(firstName: string, verifyLink: string, ttlHours: number) {
  return {
    template: 'verify-email',
    subject: 'Benvenuto in Timbro: conferma il tuo indirizzo email',
    text:
      `Ciao ${firstName},\n\nil tuo profilo da candidato è stato creato. Conferma che questo indirizzo è tuo aprendo il link ` +
      `entro ${ttlHours} ore:\n\n${verifyLink}\n\n` +
      'Finché non lo confermi non potrai accettare gli inviti delle aziende. Se non ti sei registrato tu, ignora questo messaggio.' +
      mailSignature,
  };
}

export function verifyEmailMail(firstName: string, verifyLink: string, ttlHours: number) {
  return {
    template: 'verify-email',
    subject: 'Conferma il tuo indirizzo email Timbro',
    text:
      `Ciao ${firstName},\n\nper confermare che questo indirizzo è tuo apri il link entro ${ttlHours} ore:\n\n${verifyLink}` +
      mailSignature,
  };
}

/** To the previous address after the person changed their login e-mail (the new one must be confirmed). */
export function emailChangedMail(firstName: string, newEmail: string) {
  return {
    template: 'email-changed',
    subject: 'L’email di accesso a Timbro è stata cambiata',
    text:
      `Ciao ${firstName},\n\nl’email di accesso del tuo account Timbro è appena stata cambiata in ${newEmail} e tutte le sessioni sono state chiuse.\n` +
      'Se non sei stato tu, contatta subito l’amministratore della tua azienda.' +
      mailSignature,
  };
}

/** To an existing account that a company wants to enrol: nothing is bound until the person accepts (ADR 0015). */
export function workspaceInvitationMail(firstName: string, workspaceName: string, link: string) {
  return {
    template: 'workspace-invitation',
    subject: `${workspaceName} ti invita su Timbro`,
    text:
      `Ciao ${firstName},\n\n${workspaceName} vuole aggiungerti al suo personale su Timbro. Accedi con il tuo account e ` +
      `accetta o rifiuta l’invito dalla bacheca:\n\n${link}\n\n` +
      'Finché non accetti, l’azienda non vede nulla del tuo account.' +
      mailSignature,
  };
}

/** To each admin: new absence requests wait for a decision. */
export function pendingRequestsMail(firstName: string, employee: string, summary: string, count: number, link: string) {
  return {
    template: 'request-pending',
    subject:
      count === 1 ? `Nuova richiesta da approvare: ${employee}` : `${count} nuove richieste da approvare: ${employee}`,
    text:
      `Ciao ${firstName},\n\n${employee} ha inviato ${count === 1 ? 'una richiesta' : `${count} richieste`} in attesa di approvazione:\n${summary}\n\nPuoi approvarle o rifiutarle qui:\n${link}` +
      mailSignature,
  };
}

/** To the employee: the outcome of their requests. */
export function requestDecisionMail(
  firstName: string,
  approved: boolean,
  summary: string,
  note: string | null,
  link: string,
) {
  return {
    template: approved ? 'request-approved' : 'request-rejected',
    subject: approved ? 'La tua richiesta è stata approvata' : 'La tua richiesta è stata rifiutata',
    text:
      `Ciao ${firstName},\n\n${approved ? 'è stata approvata' : 'è stata rifiutata'} la tua richiesta:\n${summary}\n` +
      (note ? `\nNota: ${note}\n` : '') +
      `\nLa trovi nel tuo calendario presenze:\n${link}` +
      mailSignature,
  };
}

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

const italianDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A document's expiry reminder (ADR 0019): to the employee (`employee` null) or to an admin (the employee's name). */
export function documentExpiryMail(
  firstName: string,
  label: string,
  employee: string | null,
  expiresAt: string,
  daysLeft: number,
  link: string,
) {
  const when =
    daysLeft > 1
      ? `scade il ${italianDate(expiresAt)}, tra ${daysLeft} giorni`
      : daysLeft === 1
        ? `scade domani, ${italianDate(expiresAt)}`
        : daysLeft === 0
          ? 'scade oggi'
          : `è scaduto il ${italianDate(expiresAt)}`;
  const whose = employee ? `Il documento «${label}» di ${employee}` : `Il tuo documento «${label}»`;
  return {
    template: 'document-expiry',
    subject: `${whose} ${daysLeft >= 0 ? 'sta per scadere' : 'è scaduto'}`,
    text: `Ciao ${firstName},\n\n${whose} ${when}.\n\nLo trovi qui:\n${link}` + mailSignature,
  };
}
