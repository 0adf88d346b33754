import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, type Db, type KyselyTransactionLike } from 'pg-boss';

/**
 * pg-boss's `db` option on the entity manager's open transaction (MikroORM 7 runs on Kysely, so
 * pg-boss's own Kysely adapter fits): a job sent through it is queued when that transaction commits
 * and never when it rolls back.
 */
export function transactionDb(em: EntityManager): Db {
  const trx = em.getTransactionContext<KyselyTransactionLike>();
  if (!trx) throw new Error('transactionDb: the entity manager has no open transaction');
  return fromKysely(trx);
}
