import { mailSignature } from '../../lib/mail-templates';

/** The Italian e-mails of month closings (sent through the notification dispatcher, ADR 0020). */

export function monthClosedMail(firstName: string, period: string, version: number, link: string) {
  return {
    template: 'month-closed',
    subject: `Mese chiuso: ${period}`,
    text:
      `Ciao ${firstName},\n\nla chiusura di ${period} è terminata (versione ${version}). ` +
      `Il riepilogo e l'esportazione per il consulente sono pronti qui:\n${link}` +
      mailSignature,
  };
}

export function monthFailedMail(firstName: string, period: string, version: number, reason: string, link: string) {
  return {
    template: 'month-failed',
    subject: `Chiusura non riuscita: ${period}`,
    text:
      `Ciao ${firstName},\n\nla chiusura di ${period} (versione ${version}) non è riuscita: ${reason}\n\n` +
      `Puoi controllare e riprovare qui:\n${link}` +
      mailSignature,
  };
}
