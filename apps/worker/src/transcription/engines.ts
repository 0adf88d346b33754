import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createOpenAiCompatibleEngine, createPocketsphinxEngine, createWhisperCppEngine, type TranscriptionEngine } from '@ppp/audio';
import type { TAudioCleanupSettings, TSfxKeyword } from '@ppp/contracts';
import type { TConfig } from '@ppp/server/config';

let whisper: ReturnType<typeof createWhisperCppEngine> | null = null;
let download: Promise<void> | null = null;

/**
 * The ggml model on first use: WHISPER_MODEL_PATH when it exists, else downloaded from
 * WHISPER_MODEL_URL to that path where the network allows. A failed download leaves whisper.cpp
 * unavailable and the next engine in the order takes over.
 */
export async function ensureWhisperModel(config: TConfig, log: (msg: string) => void): Promise<void> {
  const target = config.WHISPER_MODEL_PATH;
  if (!target || existsSync(target) || !config.WHISPER_MODEL_URL) return;
  download ??= (async () => {
    const tmp = `${target}.${process.pid}.download`;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      log(`downloading whisper model from ${config.WHISPER_MODEL_URL}`);
      const response = await fetch(config.WHISPER_MODEL_URL ?? '');
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(tmp));
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      log(`whisper model download failed (${error instanceof Error ? error.message : String(error)}); falling back`);
    } finally {
      download = null;
    }
  })();
  await download;
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
 * first available (or the operator's TRANSCRIPTION_ENGINES order). The whisper context is kept
 * for the life of the process: loading a model takes seconds.
 */
export function configuredEngines(config: TConfig, keywords: readonly string[]): TranscriptionEngine[] {
  whisper ??= createWhisperCppEngine({ modelPath: config.WHISPER_MODEL_PATH, language: config.TRANSCRIBE_LANGUAGE ?? 'auto' });
  return [
    whisper,
    createOpenAiCompatibleEngine({
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.TRANSCRIBE_MODEL,
      language: config.TRANSCRIBE_LANGUAGE,
    }),
    createPocketsphinxEngine({ keywords }),
  ];
}
