import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { inject } from 'vitest';
import { openOrm } from '../../src/db/orm.ts';
import type { TConfig } from '../../src/config.ts';
import { SettingsService } from '../../src/domain/settings/settings.service.ts';
import { testConfig } from './fixtures.ts';
import './provided-context.ts';

/** A fresh database cloned from the migrated template of the global setup; returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const template = new URL(inject('databaseUrl'));
  const templateName = template.pathname.slice(1);
  const name = `ppp_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new URL(template);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    // Concurrent clones of one template can collide briefly; retry a few times.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`create database "${name}" template "${templateName}"`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await client.end();
  }
  const url = new URL(template);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An ORM on a fresh, migrated database of its own. */
export async function openTestOrm(): Promise<{ orm: MikroORM; databaseUrl: string }> {
  const databaseUrl = await createTestDatabase();
  return { orm: await openOrm(databaseUrl, { poolMax: 5 }), databaseUrl };
}

/** An ORM on a fresh, migrated database of its own and the configuration (with `env`) a test's services run with. */
export async function openServiceBed(env: Record<string, string> = {}): Promise<{ orm: MikroORM; databaseUrl: string; config: TConfig }> {
  const { orm, databaseUrl } = await openTestOrm();
  return { orm, databaseUrl, config: testConfig(databaseUrl, env) };
}

/** Empties every table of the domain (a blank instance: the next account is the first) and the settings cache. */
export async function resetDatabase(orm: MikroORM): Promise<void> {
  const tables = [...orm.getMetadata()]
    .filter((meta) => !meta.embeddable && !meta.virtual && meta.tableName)
    .map((meta) => `"${meta.tableName}"`);
  await orm.em.getConnection().execute(`truncate ${tables.join(', ')} cascade`);
  SettingsService.clearCache();
}

/** A new database with nothing in it (no migrations), as a fresh instance's PostgreSQL has; returns its URL. */
export async function createEmptyDatabase(): Promise<string> {
  const server = new URL(inject('databaseUrl'));
  const name = `ppp_empty_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new URL(server);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database "${name}" template template0`);
  } finally {
    await client.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}
