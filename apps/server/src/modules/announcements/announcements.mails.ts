import { mailSignature } from '../../lib/mail-templates';
import type { Notice } from '../notifications';

/** The Italian texts of announcements: each event's notification and e-mail (sent through the dispatcher, ADR 0020). */

/** A new announcement (issue 14): its title, the start of its text, and the link to read (and acknowledge) it. */
export function announcementNotice(title: string, text: string, requiresAck: boolean): Notice {
  const preview = text.length > 1500 ? `${text.slice(0, 1500)}…` : text;
  return {
    title,
    body: text.length > 200 ? `${text.slice(0, 200)}…` : text,
    mail: ({ firstName, link }) => ({
      template: 'announcement-published',
      subject: `Nuova comunicazione: ${title}`,
      text:
        `Ciao ${firstName},\n\nè stata pubblicata una nuova comunicazione per te.\n\n${title}\n\n${preview}\n\n` +
        (requiresAck
          ? `Ti chiediamo di leggerla e di confermarne la presa visione qui:\n${link}`
          : `La trovi qui:\n${link}`) +
        mailSignature,
    }),
  };
}

/** The one reminder of the "remind those who have not read" button. */
export function announcementReminderNotice(title: string, requiresAck: boolean): Notice {
  const subject = `Promemoria: ${title}`;
  return {
    title: subject,
    body: requiresAck ? 'Conferma la presa visione' : '',
    mail: ({ firstName, link }) => ({
      template: 'announcement-reminder',
      subject,
      text:
        `Ciao ${firstName},\n\nti ricordiamo la comunicazione «${title}», che ${
          requiresAck ? 'attende la tua presa visione' : 'non risulta ancora letta'
        }.\n\nLa trovi qui:\n${link}` + mailSignature,
    }),
  };
}
