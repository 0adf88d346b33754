import { createWhisperCppEngine, type TranscriptionEngine } from '@ppp/audio';
import type { TAudioCleanupSettings, TSfxKeyword } from '@ppp/contracts';
import type { TConfig } from '@ppp/server/config';
import { transcriptionEngines, type ActiveModel } from '@ppp/server/domain';

type WhisperEngine = ReturnType<typeof createWhisperCppEngine>;

/** A whisper context and the transcriptions using it: a replaced one is released once its last one ends. */
interface Loaded {
  file: string | undefined;
  engine: WhisperEngine;
  users: number;
  retired: boolean;
}

/** The whisper context of the model file last used, kept for the life of the process: loading a model takes seconds. */
let loaded: Loaded | null = null;

const releaseIfIdle = (l: Loaded) => {
  if (l.retired && l.users === 0) void l.engine.release().catch(() => undefined);
};

/**
 * The whisper.cpp engine for the model the manager says is active and ready (asked per job, so a
 * model that finishes downloading while the worker runs is used from the next job on, and a switch
 * frees the old model's memory once the jobs using it end); without one, an engine that reports
 * itself unavailable.
 */
function whisperFor(config: TConfig, active: ActiveModel): TranscriptionEngine {
  const file = active.file ?? undefined;
  let current = loaded;
  if (!current || current.file !== file) {
    if (loaded) {
      loaded.retired = true;
      releaseIfIdle(loaded);
    }
    current = {
      file,
      engine: createWhisperCppEngine({ modelPath: file, language: config.TRANSCRIBE_LANGUAGE ?? 'auto' }),
      users: 0,
      retired: false,
    };
    loaded = current;
  }
  const using = current;
  return {
    ...using.engine,
    async transcribe(wavPath, options) {
      using.users += 1;
      try {
        return await using.engine.transcribe(wavPath, options);
      } finally {
        using.users -= 1;
        releaseIfIdle(using);
      }
    },
  };
}

/** Words the keyword-spotting pass looks for: the user's trigger words, end markers and sfx keywords. */
export function triggerWords(settings: TAudioCleanupSettings, sfx: readonly TSfxKeyword[]): string[] {
  return [
    settings.commands.flubber.trigger_keyword,
    settings.commands.intern.trigger_keyword,
    ...settings.commands.intern.end_markers,
    ...sfx.map((s) => s.keyword),
  ];
}

/**
 * Every engine the configuration allows, in the product's fallback order; chooseEngine takes the
 * first available (or the operator's TRANSCRIPTION_ENGINES order).
 */
export function configuredEngines(config: TConfig, active: ActiveModel, keywords: readonly string[]): TranscriptionEngine[] {
  return transcriptionEngines(config, whisperFor(config, active), keywords);
}
