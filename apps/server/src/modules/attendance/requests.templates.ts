import { mailSignature } from '../../lib/mail-templates';
import type { Notice } from '../notifications';

/**
 * The Italian texts of absence requests: each event's notification and e-mail (sent through the dispatcher, ADR 0020,
 * by requests.mails.ts).
 */

/** To each admin: new absence requests of one employee wait for a decision. */
export function pendingRequestsNotice(employee: string, summary: string, count: number): Notice {
  const subject =
    count === 1 ? `Nuova richiesta da approvare: ${employee}` : `${count} nuove richieste da approvare: ${employee}`;
  return {
    title: subject,
    body: summary,
    mail: ({ firstName, link }) => ({
      template: 'request-pending',
      subject,
      text:
        `Ciao ${firstName},\n\n${employee} ha inviato ${count === 1 ? 'una richiesta' : `${count} richieste`} in attesa di approvazione:\n${summary}\n\nPuoi approvarle o rifiutarle qui:\n${link}` +
        mailSignature,
    }),
  };
}

/** To the employee: the outcome of their requests. */
export function requestDecisionNotice(approved: boolean, summary: string, note: string | null): Notice {
  const subject = approved ? 'La tua richiesta è stata approvata' : 'La tua richiesta è stata rifiutata';
  return {
    title: subject,
    body: note ? `${summary}\nNota: ${note}` : summary,
    mail: ({ firstName, link }) => ({
      template: approved ? 'request-approved' : 'request-rejected',
      subject,
      text:
        `Ciao ${firstName},\n\n${approved ? 'è stata approvata' : 'è stata rifiutata'} la tua richiesta:\n${summary}\n` +
        (note ? `\nNota: ${note}\n` : '') +
        `\nLa trovi nel tuo calendario presenze:\n${link}` +
        mailSignature,
    }),
  };
}
