export { openOrm, migrate, ormConfig } from './orm.ts';
export { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';
