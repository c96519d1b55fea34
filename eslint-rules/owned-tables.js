// ESLint rule: a module writes only the tables it owns (issue 11, "modules talk through services").
// Reads may join other modules' tables in a repository (one statement instead of a call per row); writes — insert,
// update, delete, insertInScope and the repositories built on a table (tenantRepository, employeeFileRepository,
// payrollCodeRepository) — go to the owning module's service. The owners are declared in eslint.config.js, next to
// this rule's use; a table without an owner cannot be written by any module.
import path from 'node:path';

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
/** Repositories built on a table, which write it (db/): the generic tenant one, employee file records', payroll codes'. */
const TABLE_FACTORIES = new Set(['tenantRepository', 'employeeFileRepository', 'payrollCodeRepository']);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'A module writes only the database tables it owns.' },
    schema: [{ type: 'object', properties: { owners: { type: 'object' } }, additionalProperties: false }],
    messages: {
      foreign:
        '`{{table}}` belongs to the {{owner}} module: ask its service to write it (modules talk through services).',
      unowned: '`{{table}}` has no owning module in eslint.config.js (owned-tables): declare one before writing it.',
    },
  },
  create(context) {
    const owners = context.options[0]?.owners ?? {};
    const file = context.filename.split(path.sep).join('/');
    const m = /\/modules\/([^/]+)\//.exec(file);
    if (!m) return {};
    const module = m[1];
    /** local name → table name, for the imports of db/schema */
    const tables = new Map();

    function check(node, arg) {
      if (!arg || arg.type !== 'Identifier' || !tables.has(arg.name)) return;
      const table = tables.get(arg.name);
      const allowed = owners[table];
      if (!allowed) context.report({ node, messageId: 'unowned', data: { table } });
      else if (!allowed.includes(module))
        context.report({ node, messageId: 'foreign', data: { table, owner: allowed.join('/') } });
    }

    return {
      ImportDeclaration(node) {
        if (!/\/db\/schema(\/[a-z-]+)?$/.test(node.source.value)) return;
        for (const s of node.specifiers) if (s.type === 'ImportSpecifier') tables.set(s.local.name, s.imported.name);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          WRITE_METHODS.has(callee.property.name)
        )
          check(node, node.arguments[0]);
        else if (callee.type === 'Identifier' && callee.name === 'insertInScope') check(node, node.arguments[2]);
        else if (callee.type === 'Identifier' && TABLE_FACTORIES.has(callee.name)) check(node, node.arguments[0]);
      },
    };
  },
};
