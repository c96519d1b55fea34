/**
 * The Italian texts the API answers with, beside the field messages of the schemas (msg, inputMsg, peopleMsg, attMsg,
 * wtMsg): HTTP-level errors, access, authentication, imports and the confirmations of actions. Server code takes every
 * user-visible text from here or from those objects (lint forbids literal messages in AppError, the error helpers
 * and `{ message }` answers); the web shows them as they come. Mail texts and notification titles and bodies live
 * beside their module: one builder per event in the server's `<module>.mails.ts`.
 */
const rows = (n: number) => `${n} ${n === 1 ? 'riga' : 'righe'}`;

export const apiMsg = {
  http: {
    invalidRequest: 'Richiesta non valida',
    invalidFields: 'Alcuni campi non sono validi',
    notFound: 'Risorsa non trovata',
    /** What `notFound()` says when its caller names nothing more precise. */
    itemNotFound: 'Elemento non trovato',
    methodNotAllowed: 'Metodo non consentito',
    notAcceptable: 'Formato della risposta non disponibile',
    payloadTooLarge: 'Il contenuto inviato è troppo grande',
    unsupportedMediaType: 'Formato della richiesta non supportato',
    tooManyRequests: 'Troppe richieste. Riprova tra poco.',
    duplicate: 'Esiste già un elemento con questi dati',
    inUse: 'Questo elemento è collegato ad altri dati',
  },
  access: {
    loginRequired: 'Accesso richiesto',
    forbidden: 'Non autorizzato',
    workspaceForbidden: 'Non hai accesso a questa azienda',
    csrfHeaderMissing: 'Richiesta rifiutata: intestazione applicativa mancante',
    csrfCrossSite: 'Richiesta rifiutata: origine non consentita',
    invalidSession: 'Sessione non valida',
  },
  auth: {
    invalidCredentials: 'Email o password non corretti',
    accountDisabled: 'Il tuo account è disabilitato. Contatta l’amministratore.',
    sessionExpired: 'Sessione scaduta. Accedi di nuovo.',
    linkInvalid: 'Il link non è valido o è scaduto. Richiedine uno nuovo.',
    verifyLinkInvalid: 'Il link non è valido o è scaduto. Richiedine uno nuovo dal tuo profilo.',
    tooManyAttempts: (minutes: number) => `Troppi tentativi. Riprova tra ${minutes} minut${minutes === 1 ? 'o' : 'i'}.`,
    tooManyAttemptsLater: 'Troppi tentativi. Riprova più tardi.',
    sessionNotFound: 'Sessione non trovata',
  },
  workspace: {
    notFound: 'Azienda non trovata',
  },
  /** The notification centre's live streams (ADR 0020): the caps of one session, one account, one server process. */
  streams: {
    session: (max: number) =>
      `Troppi aggiornamenti in tempo reale aperti da questo browser (al massimo ${max}): chiudi le schede che non usi. Le notifiche arrivano comunque, controllate ogni minuto.`,
    user: (max: number) =>
      `Troppi aggiornamenti in tempo reale aperti con il tuo account (al massimo ${max}): chiudi le schede o esci dai dispositivi che non usi. Le notifiche arrivano comunque, controllate ogni minuto.`,
    process:
      'Il server ha troppi aggiornamenti in tempo reale aperti: le notifiche vengono controllate ogni minuto. Riprova più tardi.',
  },
  /** Uploads of stored files (ADR 0019): the spec's three errors — wrong type, too large, generic — and a few more. */
  upload: {
    fileMissing: 'Carica un file',
    fileEmpty: 'Il file è vuoto',
    wrongType: (accepted: string) => `Tipo di file non ammesso: carica un file ${accepted}`,
    tooLarge: (limit: string) => `Il file è troppo grande: il massimo è ${limit}`,
    failed: 'Caricamento non riuscito. Riprova.',
    encryptedPdf: 'Il PDF è protetto da password: carica la versione senza protezione',
    brokenPdf: 'Il PDF è danneggiato o non leggibile',
    imageUnreadable: 'L’immagine non è leggibile: salvala di nuovo come PNG o JPEG e ricaricala',
    imageTooManyPixels: (maxMp: number) =>
      `L’immagine è troppo grande: al massimo ${maxMp} megapixel (per esempio 2000 × 2000 pixel)`,
    fileNotFound: 'File non trovato',
    quotaBytes: (quota: string) =>
      `Lo spazio per i file dell’azienda è esaurito (${quota}): elimina i file che non servono più o chiedi più spazio al gestore della piattaforma`,
    quotaFiles: (quota: number) =>
      `L’azienda ha raggiunto il numero massimo di file (${quota.toLocaleString('it-IT')}): elimina i file che non servono più o chiedi più spazio al gestore della piattaforma`,
  },
  limits: {
    tooMuchWork: (kind: 'payslip-import' | 'upload' | 'export' | 'month-close', minutes: number) =>
      `${
        {
          'payslip-import': 'Troppe importazioni di cedolini',
          upload: 'Troppi file caricati',
          export: 'Troppe esportazioni',
          'month-close': 'Troppe chiusure mensili',
        }[kind]
      } nell’ultima ora: riprova tra ${minutes} minut${minutes === 1 ? 'o' : 'i'}`,
  },
  render: {
    pdfFailed:
      'Non è stato possibile creare il PDF. Riprova tra poco; se succede ancora, carica di nuovo il logo in Impostazioni → Dati aziendali',
    pdfTimeout: 'Il PDF richiede troppo tempo: scegli un periodo più breve o meno persone e riprova',
  },
  import: {
    fileMissing: 'Carica un file CSV o Excel',
    fileEmpty: 'Il file è vuoto',
    noRows: 'Il file non contiene righe da importare',
    tooManyRows: (max: number | string) => `Il file contiene più di ${max} righe: dividilo in più file`,
    missingColumn: (header: string) => `Manca la colonna obbligatoria «${header}»`,
    row: (line: number, message: string) => `Riga ${line}: ${message}`,
    duplicateOfRow: (line: number) => `Duplicato della riga ${line}`,
    unknownRole: (word: string) => `Ruolo sconosciuto: «${word}» (usa amministratore, consulente o dipendente)`,
    usersRefused: (bad: number) => `Il file contiene ${rows(bad)} con errori: nessun dipendente è stato importato`,
    punchesRefused: (bad: number) => `Il file contiene ${rows(bad)} con errori: nessuna timbratura è stata importata`,
    payrollCodesRefused: (bad: number) => `Il file contiene ${rows(bad)} con errori: nessun codice è stato importato`,
    noEmployeeWithFiscalCode: (code: string) => `Nessun dipendente con codice fiscale ${code}`,
    noEmployeeWithEmail: (email: string) => `Nessun dipendente con email ${email}`,
    employeeMissing: 'Indica il dipendente',
    punchMomentInvalid: 'Data o ora non valida (usa GG/MM/AAAA e HH:mm)',
    punchInFuture: 'La timbratura non può essere nel futuro',
    punchDirectionInvalid: 'Verso non valido: usa E (entrata) o U (uscita)',
    punchEmployeeColumnMissing: 'Manca la colonna «Codice fiscale» (oppure «Email») che indica il dipendente',
    punchDateColumnsMissing: 'Mancano le colonne «Data» e «Ora» (oppure «Data e ora»)',
    punchDirectionColumnMissing: 'Manca la colonna «Verso» (E/U, entrata/uscita)',
    repeatedPunch: (line: number) => `Timbratura ripetuta: è uguale alla riga ${line}`,
    // The table reader's own refusals (lib/spreadsheet.ts, ADR 0016): what a file is, not what its rows say.
    unsupportedFormat: 'Formato non supportato: carica un file CSV o Excel (.xlsx)',
    excelUnreadable: 'Il file Excel non è leggibile',
    excelTooManyEntries: (max: number) =>
      `Il file Excel contiene troppi elementi (al massimo ${max}): salvalo di nuovo come cartella di lavoro Excel semplice`,
    excelTooManyStyles:
      'Il file Excel contiene troppi formati di cella: copia i dati in una cartella di lavoro nuova e salvala di nuovo',
    tooLargeUnzipped: (limit: string) =>
      `Il file è troppo grande una volta decompresso: al massimo ${limit} di contenuto. Dividilo in più file`,
    tooMuchText: (limit: string) =>
      `Le celle del file contengono troppo testo: al massimo ${limit} in tutto. Dividilo in più file`,
    csvQuoteNotClosed: 'Il file CSV contiene un campo tra virgolette non chiuso',
    tooManyColumns: (line: number, max: string) =>
      `Riga ${line}: più di ${max} colonne (il massimo di Excel). Controlla il separatore e salva di nuovo il file`,
    cellTooLong: (max: string, line?: number) =>
      `${line === undefined ? 'Una cella' : `Riga ${line}: una cella`} supera ${max} caratteri (il massimo di Excel). Controlla il file e salvalo di nuovo`,
  },
  workingTime: {
    templateDayInUse: 'Il modello giornaliero è usato da un modello settimanale: toglilo da lì prima di eliminarlo',
    patronTaken: 'Il santo patrono è già impostato: modificalo invece di aggiungerne un altro',
    patronTakenField: 'Il santo patrono è già impostato',
  },
  /** Confirmations of actions (`{ message }` answers). */
  done: {
    requestWithdrawn: 'Richiesta annullata',
    requestDeleted: 'Richiesta eliminata',
    punchDeleted: 'Timbratura eliminata',
    groupDeleted: 'Gruppo eliminato',
    holidayDeleted: 'Festività eliminata',
    templateDeleted: 'Modello eliminato',
    contractDeleted: 'Contratto eliminato',
    sessionRefreshed: 'Sessione rinnovata',
    loggedOut: 'Disconnessione effettuata',
    resetLinkSent: "Ti abbiamo inviato un'email con il link per reimpostare la password.",
    languageUpdated: 'Lingua aggiornata',
    passwordUpdated: 'Password aggiornata',
    profileDeleted: 'Profilo eliminato',
    verificationSent: 'Ti abbiamo inviato un nuovo link di conferma.',
    sessionClosed: 'Sessione chiusa',
    otherSessionsClosed: 'Le altre sessioni sono state chiuse',
    emailVerified: 'Indirizzo email confermato.',
  },
} as const;
