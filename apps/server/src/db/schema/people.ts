import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, workspaceId } from './columns';
import { userInfos, workspaces } from './tenancy';

/** A set of employees in one workspace (department, site, team). */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
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
    foreignKey({
      columns: [t.workspaceId, t.groupId],
      foreignColumns: [groups.workspaceId, groups.id],
      name: 'group_members_group_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.workspaceId, t.userInfoId],
      foreignColumns: [userInfos.workspaceId, userInfos.id],
      name: 'group_members_user_info_fk',
    }).onDelete('cascade'),
    index('group_members_workspace_user_idx').on(t.workspaceId, t.userInfoId),
  ],
);
