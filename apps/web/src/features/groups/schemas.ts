import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

export const GROUP_NAME_MAX = 100;

/** The group form: a name (required, as on the server) and its members. */
export const groupFormSchema = (t: TFunction) =>
  z.object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('groups.validation.nameRequired'), abort: true }),
        z.maxLength(GROUP_NAME_MAX, { error: t('users.validation.tooLong', { max: GROUP_NAME_MAX }) }),
      ),
    members: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean() })),
  });

export type GroupFormValues = z.infer<ReturnType<typeof groupFormSchema>>;
