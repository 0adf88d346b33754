import type { RequiredEntityData } from '@mikro-orm/core';
import { z } from 'zod';
import { MusicAssetSchema, type MusicAsset } from './music-asset.entity.ts';
import { Repository } from '../../db/repository.ts';

/** The instance's shared music beds (music_assets): every creator reads the active ones, admins change them. */
export class MusicRepository extends Repository {
  /** Active beds, built-in ones first (they were added first), then by name. */
  listActive(): Promise<MusicAsset[]> {
    return this.em.find(MusicAssetSchema, { isActive: true }, { orderBy: { createdAt: 'asc', displayName: 'asc' } });
  }

  /** How many of these built-in beds have their row (written once the file is stored). */
  countSeeded(seedKeys: readonly string[]): Promise<number> {
    return this.em.count(MusicAssetSchema, { seedKey: { $in: [...seedKeys] } });
  }

  /** A built-in bed's row, active or not; null before it was first seeded. */
  findBuiltin(seedKey: string): Promise<MusicAsset | null> {
    return this.em.findOne(MusicAssetSchema, { seedKey });
  }

  /** An active bed; null for a malformed or unknown id. */
  async findActive(id: string): Promise<MusicAsset | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(MusicAssetSchema, { id, isActive: true });
  }

  /** A new bed, tracked (written by the next flush). */
  create(data: RequiredEntityData<MusicAsset>): MusicAsset {
    return this.em.create(MusicAssetSchema, data);
  }

  async remove(asset: MusicAsset): Promise<void> {
    await this.em.remove(asset).flush();
  }

  /** Writes the changes; false when a new built-in bed's seed key was taken meanwhile (another server seeded it first). */
  flushUnlessSeeded(): Promise<boolean> {
    return this.flushUnlessDuplicate();
  }
}
