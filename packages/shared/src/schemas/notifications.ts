import { z } from 'zod';
import { msg } from '../messages';
import { EMAIL_MODES, NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES, type NotificationCategory } from '../notifications';
import { paginationFields, QueryBoolean } from './common';
import { pageOf } from './people';

export * from '../notifications';

/** Italian texts of the notification centre and its settings (issue 14). */
export const notifyMsg = {
  notificationNotFound: 'Notifica non trovata',
  settingsSaved: 'Preferenze di notifica salvate',
  defaultsSaved: 'Impostazioni predefinite salvate',
  categoryInvalid: 'Categoria di notifica non valida',
  emailModeInvalid: 'Scegli «subito», «riepilogo giornaliero» o «mai» per l’email',
  channelInvalid: 'Indica sì o no per il canale',
  lockedCategory: 'Questa categoria non si può disattivare: i suoi messaggi riguardano la sicurezza dell’account',
  duplicateCategory: 'Ogni categoria può comparire una sola volta',
  streamAcceptRequired: 'Questo indirizzo invia un flusso di eventi: va chiesto con «Accept: text/event-stream»',
} as const;

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.enum(Object.keys(NOTIFICATION_TYPES) as [keyof typeof NOTIFICATION_TYPES]),
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** The Italian title and body (the web renders its own language from type + params). */
  title: z.string(),
  body: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = pageOf(NotificationSchema).extend({ unread: z.number() });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const ListNotificationsQuerySchema = z.object({
  ...paginationFields(20),
  /** `web` (the notification centre, default) or `app` (what the mobile app shows). */
  channel: z.enum(['web', 'app'], { error: msg.invalidValue }).default('web'),
  unread: QueryBoolean.optional(),
  category: z.enum(NOTIFICATION_CATEGORIES, { error: notifyMsg.categoryInvalid }).optional(),
});
export type ListNotificationsQuery = z.input<typeof ListNotificationsQuerySchema>;

export const UnreadCountSchema = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const ReadAllResponseSchema = z.object({ updated: z.number(), unread: z.number() });

const channelFlag = z.boolean({ error: notifyMsg.channelInvalid });
const emailMode = z.enum(EMAIL_MODES, { error: notifyMsg.emailModeInvalid });

/** One category's channels. */
export const CategorySettingSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES, { error: notifyMsg.categoryInvalid }),
  web: channelFlag,
  app: channelFlag,
  email: emailMode,
});
export type CategorySetting = z.infer<typeof CategorySettingSchema>;

const uniqueCategories = (items: { category: NotificationCategory }[]) =>
  new Set(items.map((i) => i.category)).size === items.length;

/** A whole settings form: some or all categories (the ones left out keep what they had). */
export const NotificationSettingsInputSchema = z.object({
  categories: z
    .array(CategorySettingSchema, { error: msg.invalidValue })
    .min(1, { error: msg.invalidValue })
    .max(NOTIFICATION_CATEGORIES.length, { error: msg.invalidValue })
    .refine(uniqueCategories, { error: notifyMsg.duplicateCategory }),
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInputSchema>;

/** A category as the settings page shows it: what is in force, and where it comes from. */
export const CategorySettingViewSchema = CategorySettingSchema.extend({
  /** `own` (the person chose), `workspace` (the admin's default) or `default` (everything on). */
  source: z.enum(['own', 'workspace', 'default']),
  /** Locked types of this category, always delivered whatever the choice (the page says why). */
  lockedTypes: z.array(z.string()),
  locked: z.boolean(),
});
export type CategorySettingView = z.infer<typeof CategorySettingViewSchema>;

export const NotificationSettingsSchema = z.object({ categories: z.array(CategorySettingViewSchema) });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
