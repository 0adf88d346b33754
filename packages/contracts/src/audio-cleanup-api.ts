import { z } from 'zod';
import { ZAudioCleanupSettings } from './audio-cleanup.ts';

/** GET and PUT /api/users/me/audio-cleanup-settings carry {settings} (spec 001 §7); a partial PUT keeps the rest. */
export const ZAudioCleanupSettingsEnvelope = z.object({ settings: ZAudioCleanupSettings });
export type TAudioCleanupSettingsEnvelope = z.infer<typeof ZAudioCleanupSettingsEnvelope>;

/** The PUT body: the settings object, each field optional (missing ones keep their saved value). */
export const ZAudioCleanupSettingsUpdate = z.object({ settings: z.record(z.string(), z.unknown()) });
export type TAudioCleanupSettingsUpdate = z.infer<typeof ZAudioCleanupSettingsUpdate>;
