import { z } from 'zod';
import { StorageUsageSchema } from './files';
import { msg } from '../messages';
import { paginationFields } from './common';
import { CreateUserInputSchema, pageOf } from './people';
import { WorkspaceCompanySchema } from './workspace';

/** The platform operator's area (ADR 0023): the Italian texts its answers carry. */
export const platformMsg = {
  workspaceNotFound: 'Azienda non trovata',
  quotaMbInvalid: 'Indica lo spazio in MB, tra 10 e 1.048.576 (1 TB)',
  quotaFilesInvalid: 'Indica il numero di file, tra 10 e 10.000.000',
  companyNameTaken: 'Esiste già un’azienda con questa ragione sociale',
  vatNumberTaken: 'Esiste già un’azienda con questa partita IVA',
  adminIsOperator: 'Questo indirizzo è di un operatore della piattaforma, che non può amministrare un’azienda',
  adminAccountDisabled: 'L’account con questo indirizzo è disabilitato sulla piattaforma',
  alreadyDisabled: 'L’azienda è già disattivata',
  alreadyEnabled: 'L’azienda è già attiva',
} as const;

export const PLATFORM_WORKSPACE_SORT_FIELDS = ['name', 'createdAt', 'employeesCount', 'adminsCount'] as const;

/** GET /platform/workspace: every workspace of the platform, paged, sorted and searched in SQL. */
export const ListPlatformWorkspacesQuerySchema = z.object({
  ...paginationFields(25),
  sort: z.enum(PLATFORM_WORKSPACE_SORT_FIELDS, { error: msg.invalidValue }).default('name'),
  order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('asc'),
  /** Part of the company name, its e-mail or its VAT number. */
  search: z.string().trim().max(100).optional(),
});
export type ListPlatformWorkspacesQuery = z.infer<typeof ListPlatformWorkspacesQuerySchema>;

/** A workspace as the operator sees it: who runs it and how many people work there, never their data. */
export const PlatformWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  vatNumber: z.string().nullable(),
  createdAt: z.string(),
  /** Set while the workspace is disabled: nobody enters it, and it is in nobody's workspace list. */
  disabledAt: z.string().nullable(),
  /** Active employees: enabled records with the employee role whose invitation was accepted. */
  employeesCount: z.number(),
  /** Enabled admins who accepted. */
  adminsCount: z.number(),
  /** Enabled admins still to answer their invitation (a new workspace's first admin until they do). */
  pendingAdminsCount: z.number(),
  /** Its file storage: used and quota (issue 30 item 8). */
  storage: StorageUsageSchema,
});

/** POST /platform/workspace/{id}/quota: the company's file storage quota. */
export const WorkspaceQuotaInputSchema = z.object({
  quotaMb: z.coerce
    .number({ error: platformMsg.quotaMbInvalid })
    .int({ error: platformMsg.quotaMbInvalid })
    .min(10, { error: platformMsg.quotaMbInvalid })
    .max(1_048_576, { error: platformMsg.quotaMbInvalid }),
  quotaFiles: z.coerce
    .number({ error: platformMsg.quotaFilesInvalid })
    .int({ error: platformMsg.quotaFilesInvalid })
    .min(10, { error: platformMsg.quotaFilesInvalid })
    .max(10_000_000, { error: platformMsg.quotaFilesInvalid }),
});
export type WorkspaceQuotaInput = z.infer<typeof WorkspaceQuotaInputSchema>;
export type PlatformWorkspace = z.infer<typeof PlatformWorkspaceSchema>;
export const PlatformWorkspacePageSchema = pageOf(PlatformWorkspaceSchema);
export type PlatformWorkspacePage = z.infer<typeof PlatformWorkspacePageSchema>;

/**
 * POST /platform/workspace: the company (name and e-mail required, VAT number optional: the company's own rules of
 * WorkspaceCompanySchema) and its first admin, enrolled as POST /admin/user enrols a person.
 */
export const CreatePlatformWorkspaceInputSchema = z.object({
  workspace_company: z.object({
    name: WorkspaceCompanySchema.shape.name,
    email: WorkspaceCompanySchema.shape.email,
    vatNumber: WorkspaceCompanySchema.shape.vatNumber,
  }),
  admin: z.object({
    email: CreateUserInputSchema.shape.email,
    firstName: CreateUserInputSchema.shape.firstName,
    lastName: CreateUserInputSchema.shape.lastName,
    fiscalCode: CreateUserInputSchema.shape.fiscalCode,
  }),
});
export type CreatePlatformWorkspaceInput = z.infer<typeof CreatePlatformWorkspaceInputSchema>;
