import { mailSignature } from '../../lib/mail-templates';

/** The daily digest: one e-mail listing what was told to the person since the last one (ADR 0020). */
export function digestMail(firstName: string, items: { title: string; link: string }[], settingsLink: string) {
  const n = items.length;
  return {
    template: 'notification-digest',
    subject: n === 1 ? 'Il tuo riepilogo Timbro: 1 novità' : `Il tuo riepilogo Timbro: ${n} novità`,
    text:
      `Ciao ${firstName},\n\necco ${n === 1 ? 'la novità' : `le ${n} novità`} dall'ultimo riepilogo:\n\n` +
      items.map((i) => `• ${i.title}\n  ${i.link}`).join('\n') +
      `\n\nPuoi scegliere quali notifiche ricevere e come qui:\n${settingsLink}` +
      mailSignature,
  };
}
