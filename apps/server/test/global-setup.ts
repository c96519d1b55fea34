import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedDemo } from '../src/seed';

export type DbTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

/**
 * Migrates and seeds one database for the whole run: a PGlite data-dir tarball that every test file clones
 * (about 1 s instead of 5–10 s for a fresh initdb), or, with TEST_DATABASE_URL, a PostgreSQL template database that
 * every test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = 'timbro_test_template';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const existing = await admin.query(`select datname from pg_database where datname like 'timbro_test_%'`);
    for (const row of existing.rows as { datname: string }[])
      await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, template) });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', adminUrl: url, template });
    return;
  }
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const blob = await database.dumpDataDir!();
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
