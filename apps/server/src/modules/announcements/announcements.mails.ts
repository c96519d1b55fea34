import { mailSignature } from '../../lib/mail-templates';

/** A new announcement (issue 14): its text in plain words, and the link to read (and acknowledge) it. */
export function announcementMail(firstName: string, title: string, text: string, requiresAck: boolean, link: string) {
  const preview = text.length > 1500 ? `${text.slice(0, 1500)}…` : text;
  return {
    template: 'announcement-published',
    subject: `Nuova comunicazione: ${title}`,
    text:
      `Ciao ${firstName},\n\nè stata pubblicata una nuova comunicazione per te.\n\n${title}\n\n${preview}\n\n` +
      (requiresAck
        ? `Ti chiediamo di leggerla e di confermarne la presa visione qui:\n${link}`
        : `La trovi qui:\n${link}`) +
      mailSignature,
  };
}

/** The one reminder of the "remind those who have not read" button. */
export function announcementReminderMail(firstName: string, title: string, requiresAck: boolean, link: string) {
  return {
    template: 'announcement-reminder',
    subject: `Promemoria: ${title}`,
    text:
      `Ciao ${firstName},\n\nti ricordiamo la comunicazione «${title}», che ${
        requiresAck ? 'attende la tua presa visione' : 'non risulta ancora letta'
      }.\n\nLa trovi qui:\n${link}` + mailSignature,
  };
}
