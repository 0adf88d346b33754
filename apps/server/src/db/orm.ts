import { MikroORM, defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from '../domain/entities.ts';
import { MIGRATIONS } from './migrations/index.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function ormConfig(databaseUrl: string, options: { poolMax?: number; debug?: boolean } = {}): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    pool: { min: 0, max: options.poolMax ?? 10 },
    debug: options.debug ?? false,
    allowGlobalContext: false,
    migrations: {
      path: MIGRATIONS_DIR,
      migrationsList: MIGRATIONS,
      emit: 'ts',
      transactional: true,
      allOrNothing: true,
      // No snapshot: the next migration is diffed against a database migrated from the files, so
      // engineers adding entities in parallel never work from a stale snapshot.
      snapshot: false,
      snapshotOnMigrate: false,
      silent: true,
    },
  });
}

export async function openOrm(databaseUrl: string, options: { poolMax?: number } = {}): Promise<MikroORM> {
  return MikroORM.init(ormConfig(databaseUrl, options));
}

/** Applies pending migrations; safe to run from several processes (Postgres advisory lock). */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const conn = orm.em.getConnection();
  await conn.execute('select pg_advisory_lock(727001)');
  try {
    const done = await orm.migrator.up();
    return done.map((m) => m.name);
  } finally {
    await conn.execute('select pg_advisory_unlock(727001)');
  }
}
