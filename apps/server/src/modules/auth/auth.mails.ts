import { mailSignature } from '../../lib/mail-templates';

/** The account's own e-mails (locked notification types: always sent; ADR 0020). Italian, plain text. */

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
