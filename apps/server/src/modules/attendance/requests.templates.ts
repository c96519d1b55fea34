import { mailSignature } from '../../lib/mail-templates';

/** The Italian e-mails of absence requests (sent through the notification dispatcher, ADR 0020). */

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
