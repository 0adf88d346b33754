import type { z } from 'zod';
import {
  DEFAULT_AUDIO_CLEANUP_SETTINGS,
  ZAudioCleanupSettings,
  type TAudioCleanupSettings,
  type ZAudioCleanupSettingsUpdate,
} from '@ppp/contracts';
import { parseInput } from '../validation.ts';
import type { User } from '../users/user.entity.ts';
import type { AudioCleanupRepository } from './audio-cleanup.repository.ts';

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

/** Told after a user's settings are saved (issue 18: the uploads not yet assembled are re-scanned). */
export type SettingsSavedListener = (userId: string) => Promise<unknown>;

/** A user's Audio Improvements and Magic Words settings (spec 001 §3, §5, §9); the spec's defaults until saved. */
export class AudioCleanupService {
  private readonly repository: AudioCleanupRepository;
  private readonly listeners: SettingsSavedListener[] = [];
  constructor(repository: AudioCleanupRepository) {
    this.repository = repository;
  }

  /** Runs listener after every save, before update answers (so what the creator sees next reflects the new settings). */
  onSaved(listener: SettingsSavedListener): void {
    this.listeners.push(listener);
  }

  async get(userId: string): Promise<TAudioCleanupSettings> {
    const saved = await this.repository.saved(userId);
    if (saved === null) return DEFAULT_AUDIO_CLEANUP_SETTINGS;
    // Stored settings are re-read through the contract, so a default added later reaches old rows.
    const parsed = ZAudioCleanupSettings.safeParse(saved);
    return parsed.success ? parsed.data : DEFAULT_AUDIO_CLEANUP_SETTINGS;
  }

  /** Validates the whole result against the spec's limits; a bad value is a 422 and nothing is saved. */
  async update(user: Pick<User, 'id'>, { settings: change }: z.output<typeof ZAudioCleanupSettingsUpdate>): Promise<TAudioCleanupSettings> {
    // The merged settings are a new value: checked whole against the spec's limits.
    const next = parseInput(ZAudioCleanupSettings, merge(await this.get(user.id), change));
    await this.repository.save(user.id, next);
    for (const listener of this.listeners) await listener(user.id);
    return next;
  }
}
