import { z } from 'zod';
import { msg } from '../messages';
import { paginationFields } from './common';
import { pageOf } from './people';

/** The audit log (GET /admin/audit): who changed what, when, with the changed fields. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  changes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const AuditPageSchema = pageOf(AuditEntrySchema);
export const AuditQuerySchema = z.object({
  entity_type: z
    .enum(
      [
        'user',
        'group',
        'workspace',
        'contract',
        'holiday',
        'justification',
        'justification-group',
        'template-day',
        'template-week',
        'punch',
        'justification-request',
      ],
      { error: msg.invalidValue },
    )
    .optional(),
  entity_id: z.string().max(100).optional(),
  ...paginationFields(50),
});
