import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * A bed of the shared music library the onboarding wizard offers (spec 002 section 3 'Wizard music
 * asset'). Built-in beds are synthesised by the product on first start and carry a seed key; admins
 * add and edit the rest (spec 002 section 7). The file lives in storage under music/.
 */
export const MusicAssetSchema = defineEntity({
  name: 'MusicAsset',
  tableName: 'music_assets',
  properties: {
    id: uuidPrimaryKey(),
    /** Set for the built-in beds only, so seeding finds them again and never adds one twice. */
    seedKey: p.string().length(64).nullable().unique(),
    displayName: p.string().length(120),
    moodTags: p.json<string[]>(),
    /** The stored file name, unique across the library. */
    filename: p.string().length(255).unique(),
    storageKey: p.text(),
    contentType: p.string().length(100),
    sizeBytes: p.bigint('number'),
    durationSeconds: p.double().runtimeType('number').$type<number>().nullable(),
    /** builtin (synthesised here), upload or url (added by an admin). */
    source: p.string().length(16).default('builtin'),
    isActive: p.boolean().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type MusicAsset = InferEntity<typeof MusicAssetSchema>;
