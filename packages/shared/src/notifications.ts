/**
 * The catalogue of notifications (issue 14; spec §3 "Notification settings: channels web, email, app; categories and
 * types follow the Italian text catalogue"). Plain data (no zod): the web imports it for the settings page.
 *
 * Every event the product tells people about has a type; each type belongs to a category, and people choose per
 * category: web (the notification centre), app (stored for the mobile app to fetch) and e-mail (instant, daily digest,
 * or off). A locked type is always delivered on its channels, whatever the settings say, and the settings page says why.
 */

export const NOTIFICATION_CHANNELS = ['web', 'email', 'app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const EMAIL_MODES = ['instant', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const NOTIFICATION_CATEGORIES = [
  'requests',
  'paychecks',
  'documents',
  'announcements',
  'shifts',
  'month_logs',
  'account',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** The Italian names of the categories (the catalogue's language; the web translates them by id). */
export const CATEGORY_LABELS: Record<NotificationCategory, string> = {
  requests: 'Richieste di assenza',
  paychecks: 'Cedolini',
  documents: 'Documenti',
  announcements: 'Comunicazioni',
  shifts: 'Turni e cambi turno',
  month_logs: 'Chiusure mensili',
  account: 'Account e inviti',
};

interface TypeRule {
  category: NotificationCategory;
  /** The Italian name of the type. */
  label: string;
  /** Delivered whatever the settings say (the reason is shown on the settings page). */
  locked?: boolean;
}

export const NOTIFICATION_TYPES = {
  'request.pending': { category: 'requests', label: 'Richiesta di assenza da approvare' },
  'request.approved': { category: 'requests', label: 'Richiesta di assenza approvata' },
  'request.rejected': { category: 'requests', label: 'Richiesta di assenza rifiutata' },
  'paycheck.published': { category: 'paychecks', label: 'Cedolino pubblicato' },
  'paycheck.reminder': { category: 'paychecks', label: 'Promemoria del cedolino non aperto' },
  'document.published': { category: 'documents', label: 'Documento pubblicato' },
  'document.expiring': { category: 'documents', label: 'Documento in scadenza' },
  'announcement.published': { category: 'announcements', label: 'Comunicazione pubblicata' },
  'announcement.reminder': { category: 'announcements', label: 'Promemoria di una comunicazione non letta' },
  'shift.published': { category: 'shifts', label: 'Turni pubblicati' },
  'shift.changed': { category: 'shifts', label: 'Turno modificato' },
  'swap.requested': { category: 'shifts', label: 'Richiesta di cambio turno' },
  'swap.answered': { category: 'shifts', label: 'Risposta a un cambio turno' },
  'swap.decided': { category: 'shifts', label: 'Decisione su un cambio turno' },
  'month.closed': { category: 'month_logs', label: 'Mese chiuso' },
  'month.failed': { category: 'month_logs', label: 'Chiusura del mese non riuscita' },
  'invitation.received': { category: 'account', label: 'Invito in un’azienda', locked: true },
  'account.password_reset': { category: 'account', label: 'Reimpostazione della password', locked: true },
  'account.password_changed': { category: 'account', label: 'Password cambiata', locked: true },
  'account.email_changed': { category: 'account', label: 'Email di accesso cambiata', locked: true },
  'account.email_verification': { category: 'account', label: 'Conferma dell’indirizzo email', locked: true },
} as const satisfies Record<string, TypeRule>;
export type NotificationType = keyof typeof NOTIFICATION_TYPES;

/** Why a locked type cannot be switched off (shown beside it). */
export const LOCKED_REASON =
  'Per la sicurezza del tuo account questi messaggi arrivano sempre: non si possono disattivare.';

/** The channels of a category when neither the person nor the workspace chose: everything on, e-mail at once. */
export const DEFAULT_CATEGORY_SETTING = { web: true, app: true, email: 'instant' } as const satisfies {
  web: boolean;
  app: boolean;
  email: EmailMode;
};

export const categoryOf = (type: NotificationType): NotificationCategory => NOTIFICATION_TYPES[type].category;
export const isLocked = (type: NotificationType): boolean =>
  'locked' in NOTIFICATION_TYPES[type] && NOTIFICATION_TYPES[type].locked === true;
