import { mailSignature } from '../../lib/mail-templates';

/** Enrolment e-mails: a first-login link, an invitation to a company (locked types, ADR 0020). */

export function invitationMail(firstName: string, workspaceName: string, link: string) {
  return {
    template: 'invitation',
    subject: `Benvenuto in Timbro — ${workspaceName}`,
    text:
      `Ciao ${firstName},\n\n${workspaceName} ti ha dato accesso a Timbro, dove troverai presenze, richieste, cedolini e documenti.\n` +
      `Per il primo accesso scegli la tua password da questo link:\n\n${link}\n` +
      mailSignature,
  };
}

/** To an existing account that a company wants to enrol: nothing is bound until the person accepts (ADR 0015). */
export function workspaceInvitationMail(firstName: string, workspaceName: string, link: string) {
  return {
    template: 'workspace-invitation',
    subject: `${workspaceName} ti invita su Timbro`,
    text:
      `Ciao ${firstName},\n\n${workspaceName} vuole aggiungerti al suo personale su Timbro. Accedi con il tuo account e ` +
      `accetta o rifiuta l’invito dalla bacheca:\n\n${link}\n\n` +
      'Finché non accetti, l’azienda non vede nulla del tuo account.' +
      mailSignature,
  };
}
