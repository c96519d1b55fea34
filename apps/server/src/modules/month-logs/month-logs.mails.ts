import { mailSignature } from '../../lib/mail-templates';
import type { Notice } from '../notifications';

/** The Italian texts of month closings: each event's notification and e-mail (sent through the dispatcher, ADR 0020). */

/** To the admins and the consultant: a version of the month closed. */
export function monthClosedNotice(period: string, version: number): Notice {
  const subject = `Mese chiuso: ${period}`;
  return {
    title: subject,
    body: `Versione ${version}`,
    mail: ({ firstName, link }) => ({
      template: 'month-closed',
      subject,
      text:
        `Ciao ${firstName},\n\nla chiusura di ${period} è terminata (versione ${version}). ` +
        `Il riepilogo e l'esportazione per il consulente sono pronti qui:\n${link}` +
        mailSignature,
    }),
  };
}

/** To the admins and the consultant: a version of the month failed, and why. */
export function monthFailedNotice(period: string, version: number, reason: string): Notice {
  const subject = `Chiusura non riuscita: ${period}`;
  return {
    title: subject,
    body: reason,
    mail: ({ firstName, link }) => ({
      template: 'month-failed',
      subject,
      text:
        `Ciao ${firstName},\n\nla chiusura di ${period} (versione ${version}) non è riuscita: ${reason}\n\n` +
        `Puoi controllare e riprovare qui:\n${link}` +
        mailSignature,
    }),
  };
}
