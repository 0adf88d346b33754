import { Repository } from '../../db/repository.ts';

/** The health check's two questions to PostgreSQL: does it answer, and is pg-boss's schema there. */
export class HealthRepository extends Repository {
  async ping(): Promise<boolean> {
    return this.em
      .getConnection()
      .execute('select 1')
      .then(() => true)
      .catch(() => false);
  }

  async queueReady(): Promise<boolean> {
    return this.em
      .getConnection()
      .execute('select 1 from pgboss.version limit 1')
      .then(() => true)
      .catch(() => false);
  }
}
