import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What every area's repository is built on: the unit of work's entity manager it reads and writes
 * through. Services never hold it; they call their area's repository (issue 23).
 */
export abstract class Repository {
  protected readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }
}
