import type { TTierFeatureValue } from '@ppp/contracts';
import { TierConfigSchema } from './tier-config.entity.ts';
import { Repository } from '../../db/repository.ts';

type StoredValues = Record<string, TTierFeatureValue>;

/** The admin's changes to the tier table (tier_config), one row of values per tier. */
export class TiersRepository extends Repository {
  /** The stored values of these tiers, by tier; a tier never changed has none. */
  async storedFor(keys: readonly string[]): Promise<Map<string, StoredValues>> {
    const rows = await this.em.find(TierConfigSchema, { key: { $in: [...keys] } });
    return new Map(rows.map((row) => [row.key, row.values]));
  }

  /** Merges these values over each tier's stored ones (a row is written for a tier that had none). */
  async merge(changes: ReadonlyMap<string, StoredValues>): Promise<void> {
    for (const [key, values] of changes) {
      const row = await this.em.findOne(TierConfigSchema, { key });
      if (row) row.values = { ...row.values, ...values };
      else this.em.create(TierConfigSchema, { key, values });
    }
    await this.em.flush();
  }
}
