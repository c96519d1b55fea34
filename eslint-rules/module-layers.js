/**
 * The server modules' layers (ADR 0029), lowest first: a module imports its own layer and the layers below, never one
 * above (a lower module is told through `notify` or a port in `AppDeps`, filled in `runtime.createDeps`). Every folder
 * of apps/server/src/modules is in exactly one layer; apps/server/test/module-graph.test.ts checks it, and that no two
 * modules import each other, in a pair or a cycle. eslint.config.js turns the list into import zones.
 */
export const MODULE_LAYERS = [
  { name: 'base', modules: ['workspaces', 'audit', 'files', 'notifications', 'health'] },
  { name: 'people', modules: ['auth', 'invitations', 'users', 'groups', 'profile'] },
  { name: 'working time', modules: ['holidays', 'justifications', 'templates', 'contracts', 'accruals'] },
  {
    name: 'operations',
    modules: ['attendance', 'work-shifts', 'paychecks', 'documents', 'announcements', 'payroll-settings'],
  },
  { name: 'closing', modules: ['month-logs'] },
  { name: 'exports and composition', modules: ['payroll-exports', 'dashboard', 'platform'] },
];
