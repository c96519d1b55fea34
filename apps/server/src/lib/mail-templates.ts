/** Italian e-mail templates. Plain text first (every client shows it); links are absolute, built from PUBLIC_URL. */
const signature = '\n\n—\nTimbro · presenze e amministrazione del personale';

/**
 * Templates whose body carries a one-time link (a password reset, a first login): the body is removed from the
 * outbox once sent, or unsent once the link has surely expired (lib/mail.ts). A new template with such a link adds
 * its name here. (No mail body at all reaches the log outside development on a local PUBLIC_URL.)
 */
export const SENSITIVE_MAIL_TEMPLATES: ReadonlySet<string> = new Set(['reset-password', 'invitation']);

export function resetPasswordMail(firstName: string, link: string, ttlMinutes: number) {
  return {
    template: 'reset-password',
    subject: 'Reimposta la tua password Timbro',
    text:
      `Ciao ${firstName},\n\nabbiamo ricevuto una richiesta di reimpostare la password del tuo account Timbro.\n` +
      `Apri questo link entro ${ttlMinutes} minuti per sceglierne una nuova:\n\n${link}\n\n` +
      'Se non sei stato tu, ignora questo messaggio: la tua password resta invariata.' +
      signature,
  };
}

export function passwordChangedMail(firstName: string) {
  return {
    template: 'password-changed',
    subject: 'La tua password Timbro è stata cambiata',
    text:
      `Ciao ${firstName},\n\nla password del tuo account Timbro è appena stata cambiata e le altre sessioni sono state chiuse.\n` +
      "Se non sei stato tu, reimposta subito la password e avvisa l'amministratore della tua azienda." +
      signature,
  };
}

export function invitationMail(firstName: string, workspaceName: string, link: string) {
  return {
    template: 'invitation',
    subject: `Benvenuto in Timbro — ${workspaceName}`,
    text:
      `Ciao ${firstName},\n\n${workspaceName} ti ha dato accesso a Timbro, dove troverai presenze, richieste, cedolini e documenti.\n` +
      `Per il primo accesso scegli la tua password da questo link:\n\n${link}\n` +
      signature,
  };
}

export function welcomeMail(firstName: string, link: string) {
  return {
    template: 'welcome',
    subject: 'Benvenuto in Timbro',
    text:
      `Ciao ${firstName},\n\nil tuo profilo da candidato è stato creato. Quando un'azienda ti aggiungerà al suo personale, ` +
      `lo troverai qui:\n\n${link}` +
      signature,
  };
}

export function addedToWorkspaceMail(firstName: string, workspaceName: string, link: string) {
  return {
    template: 'added-to-workspace',
    subject: `${workspaceName} ti ha aggiunto su Timbro`,
    text:
      `Ciao ${firstName},\n\n${workspaceName} ti ha aggiunto al suo personale su Timbro. Accedi con il tuo account di sempre:\n\n${link}\n` +
      'Dal selettore in alto potrai passare da un’azienda all’altra.' +
      signature,
  };
}

/** To each admin: new absence requests wait for a decision. */
export function pendingRequestsMail(firstName: string, employee: string, summary: string, count: number, link: string) {
  return {
    template: 'request-pending',
    subject: count === 1 ? `Nuova richiesta da approvare: ${employee}` : `${count} nuove richieste da approvare: ${employee}`,
    text: `Ciao ${firstName},\n\n${employee} ha inviato ${count === 1 ? 'una richiesta' : `${count} richieste`} in attesa di approvazione:\n${summary}\n\nPuoi approvarle o rifiutarle qui:\n${link}` + signature,
  };
}

/** To the employee: the outcome of their requests. */
export function requestDecisionMail(firstName: string, approved: boolean, summary: string, note: string | null, link: string) {
  return {
    template: approved ? 'request-approved' : 'request-rejected',
    subject: approved ? 'La tua richiesta è stata approvata' : 'La tua richiesta è stata rifiutata',
    text:
      `Ciao ${firstName},\n\n${approved ? 'è stata approvata' : 'è stata rifiutata'} la tua richiesta:\n${summary}\n` +
      (note ? `\nNota: ${note}\n` : '') +
      `\nLa trovi nel tuo calendario presenze:\n${link}` +
      signature,
  };
}
