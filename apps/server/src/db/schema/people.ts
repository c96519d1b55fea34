import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inWorkspace, updatedAt, workspaceId } from './columns';
import { cascadingWorkspaceId, userInfos } from './tenancy';

/** A set of employees in one workspace (department, site, team). */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    workspaceId: cascadingWorkspaceId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('groups_workspace_name_key').on(t.workspaceId, sql`lower(${t.name})`),
    uniqueIndex('groups_workspace_id_key').on(t.workspaceId, t.id),
  ],
);

/**
 * Group membership. Composite foreign keys (workspace_id, …) make it impossible to put a person of one workspace
 * in a group of another.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    workspaceId: workspaceId(),
    groupId: uuid('group_id').notNull(),
    userInfoId: uuid('user_info_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userInfoId] }),
    inWorkspace('group_members_group_fk', [t.workspaceId, t.groupId], groups).onDelete('cascade'),
    inWorkspace('group_members_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
    index('group_members_workspace_user_idx').on(t.workspaceId, t.userInfoId),
  ],
);
