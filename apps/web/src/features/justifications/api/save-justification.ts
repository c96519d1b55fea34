import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Justification,
  JustificationGroup,
  JustificationGroupInputSchema,
  JustificationInputSchema,
} from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { JUSTIFICATIONS_KEY } from '../../../lib/query-keys';

export type JustificationPayload = z.input<typeof JustificationInputSchema>;

export type JustificationGroupPayload = z.input<typeof JustificationGroupInputSchema>;

/** POST /admin/justification (new) or /admin/justification/{id} (edit; types are disabled, never deleted). */
export function useSaveJustification(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: JustificationPayload) =>
      (
        await api.post<Justification>(
          id ? `/admin/justification/${encodeURIComponent(id)}` : '/admin/justification',
          body,
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JUSTIFICATIONS_KEY }),
  });
}

/** POST /admin/justification-group (new) or /admin/justification-group/{id} (edit). */
export function useSaveJustificationGroup(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: JustificationGroupPayload) =>
      (
        await api.post<JustificationGroup>(
          id ? `/admin/justification-group/${encodeURIComponent(id)}` : '/admin/justification-group',
          body,
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JUSTIFICATIONS_KEY }),
  });
}
