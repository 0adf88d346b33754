export { openOrm, migrate, ormConfig } from './orm.ts';
export { embeddedDatabaseUrl, readEmbeddedPassword, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';
