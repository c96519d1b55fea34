import { mailSignature } from '../../lib/mail-templates';
import { italianDate } from '../../lib/time';
import type { Notice } from '../notifications';

/** The Italian texts of documents: each event's notification and e-mail (sent through the dispatcher, ADR 0020). */

/** A document's expiry reminder (ADR 0019): to the employee (`employee` null) or to an admin (the employee's name). */
export function documentExpiryNotice(
  label: string,
  employee: string | null,
  expiresAt: string,
  daysLeft: number,
): Notice {
  const when =
    daysLeft > 1
      ? `scade il ${italianDate(expiresAt)}, tra ${daysLeft} giorni`
      : daysLeft === 1
        ? `scade domani, ${italianDate(expiresAt)}`
        : daysLeft === 0
          ? 'scade oggi'
          : `è scaduto il ${italianDate(expiresAt)}`;
  const whose = employee ? `Il documento «${label}» di ${employee}` : `Il tuo documento «${label}»`;
  const subject = `${whose} ${daysLeft >= 0 ? 'sta per scadere' : 'è scaduto'}`;
  return {
    title: subject,
    mail: ({ firstName, link }) => ({
      template: 'document-expiry',
      subject,
      text: `Ciao ${firstName},\n\n${whose} ${when}.\n\nLo trovi qui:\n${link}` + mailSignature,
    }),
  };
}

/** A new document of the employee's (issue 14). */
export function documentPublishedNotice(label: string): Notice {
  return {
    title: `Nuovo documento: ${label}`,
    mail: ({ firstName, link }) => ({
      template: 'document-published',
      subject: `Nuovo documento disponibile: ${label}`,
      text:
        `Ciao ${firstName},\n\nè disponibile un nuovo documento per te: «${label}».\n\nLo trovi qui:\n${link}` +
        mailSignature,
    }),
  };
}
