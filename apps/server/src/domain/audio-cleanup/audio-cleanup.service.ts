import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_AUDIO_CLEANUP_SETTINGS,
  ZAudioCleanupSettings,
  type TAudioCleanupSettings,
  type ZAudioCleanupSettingsUpdate,
} from '@ppp/contracts';
import { parseInput } from '../validation.ts';
import type { User } from '../users/user.entity.ts';
import { CleanupSettingsSchema } from './cleanup-settings.entity.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Saved values with the change laid over them; commands merge one level deeper so a partial flubber edit keeps intern. */
function merge(saved: TAudioCleanupSettings, change: Record<string, unknown>): Record<string, unknown> {
  const commands = isRecord(change.commands) ? change.commands : {};
  return {
    ...saved,
    ...change,
    commands: {
      flubber: { ...saved.commands.flubber, ...(isRecord(commands.flubber) ? commands.flubber : {}) },
      intern: { ...saved.commands.intern, ...(isRecord(commands.intern) ? commands.intern : {}) },
    },
  };
}

/** A user's Audio Improvements and Magic Words settings (spec 001 §3, §5, §9); the spec's defaults until saved. */
export class AudioCleanupService {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  async get(userId: string): Promise<TAudioCleanupSettings> {
    const row = await this.em.findOne(CleanupSettingsSchema, { user: userId });
    if (!row) return DEFAULT_AUDIO_CLEANUP_SETTINGS;
    // Stored settings are re-read through the contract, so a default added later reaches old rows.
    const parsed = ZAudioCleanupSettings.safeParse(row.settings);
    return parsed.success ? parsed.data : DEFAULT_AUDIO_CLEANUP_SETTINGS;
  }

  /** Validates the whole result against the spec's limits; a bad value is a 422 and nothing is saved. */
  async update(user: Pick<User, 'id'>, { settings: change }: z.output<typeof ZAudioCleanupSettingsUpdate>): Promise<TAudioCleanupSettings> {
    // The merged settings are a new value: checked whole against the spec's limits.
    const next = parseInput(ZAudioCleanupSettings, merge(await this.get(user.id), change));
    await this.em.upsert(CleanupSettingsSchema, { user: user.id, settings: next, updatedAt: new Date() });
    return next;
  }
}
