import { UniqueConstraintViolationException } from '@mikro-orm/core';
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

  /** Writes the changes made to the rows read or created through this unit of work. */
  flush(): Promise<void> {
    return this.em.flush();
  }

  /** Writes the changes; false when a unique key they would write was taken meanwhile (nothing is written then). */
  protected async flushUnlessDuplicate(): Promise<boolean> {
    try {
      await this.em.flush();
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }
}
