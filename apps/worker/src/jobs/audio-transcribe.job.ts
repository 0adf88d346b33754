import path from 'node:path';
import {
  chooseEngine,
  makeWorkingCopy,
  NoEngineAvailableError,
  NotAudioError,
  parseSuppliedTranscript,
  probeAudio,
  transcribeInChunks,
} from '@ppp/audio';
import { ZSuppliedTranscriptFormat, type TTranscript, type TTranscriptionEngineName } from '@ppp/contracts';
import { scratchDir } from '@ppp/server/config';
import { mediaKey, ScratchFullError, workFolder, writeEnhancedCopy } from '@ppp/server/domain';
import { configuredEngines, triggerWords } from '../transcription/engines.ts';
import { isFinalAttempt, type JobContext, type JobDefinition } from './job.ts';

type MediaItem = NonNullable<Awaited<ReturnType<JobContext['services']['transcripts']['begin']>>>;
type TranscribeResult = { status: string; engine?: string; realtimeFactor?: number | null };

/** Progress reaches the row at most once a second (or on a jump of 5 points); the web polls it. */
function progressWriter(ctx: JobContext, mediaId: string, from: number, to: number) {
  let lastAt = 0;
  let last = -1;
  return (percent: number) => {
    const overall = from + ((to - from) * percent) / 100;
    const now = Date.now();
    if (overall - last < 5 && now - lastAt < 1000) return;
    last = overall;
    lastAt = now;
    void ctx.services.transcripts.progress(mediaId, overall).catch(() => undefined);
  };
}

async function transcribe(
  item: MediaItem,
  wavPath: string,
  ctx: JobContext,
): Promise<{ transcript: TTranscript; engine: TTranscriptionEngineName; model: string | null; seconds: number }> {
  const { services } = ctx;
  const started = performance.now();
  if (item.suppliedTranscriptKey && item.suppliedTranscriptFormat) {
    const text = (await services.storage.readBytes(item.suppliedTranscriptKey)).toString('utf8');
    const transcript = parseSuppliedTranscript(text, ZSuppliedTranscriptFormat.parse(item.suppliedTranscriptFormat));
    return { transcript, engine: 'supplied', model: null, seconds: (performance.now() - started) / 1000 };
  }
  const config = services.config;
  const settings = await services.audioCleanup.get(item.user.id);
  const active = await services.speechModels.activeModel();
  const engines = configuredEngines(config, active, triggerWords(settings, await services.media.sfxKeywords(item.user.id)));
  const engine = await chooseEngine(config.TRANSCRIPTION_ENGINES, engines);
  const transcript = await transcribeInChunks(engine, wavPath, {
    chunkSeconds: config.TRANSCRIBE_CHUNK_SECONDS,
    signal: ctx.signal,
    onProgress: progressWriter(ctx, item.id, 5, 95),
  });
  return { transcript, engine: engine.name, model: engine.model, seconds: (performance.now() - started) / 1000 };
}

/** What a retry cannot change: the upload shows it, the job ends. */
function permanentMessage(error: unknown): string | null {
  if (error instanceof NoEngineAvailableError) return error.message;
  if (error instanceof NotAudioError) return 'The file could not be read as audio.';
  // Waiting for room is worth a retry; a file larger than the whole scratch limit never fits.
  if (error instanceof ScratchFullError && !error.fits) return error.message;
  return null;
}

/**
 * audio.transcribe: probe, keep the original, write the 16 kHz mono working copy, transcribe (a
 * supplied transcript wins, else the configured engines in chunks across cores), detect commands
 * under the user's settings, store everything, mark Ready and notify. A rerun overwrites the same rows.
 */
export async function handleTranscribe(mediaId: string, ctx: JobContext): Promise<TranscribeResult> {
  const { services, log } = ctx;
  const item = await services.transcripts.begin(mediaId);
  if (!item || item.category !== 'main_content') return { status: 'skipped' };
  const work = await workFolder(scratchDir(services.config));
  let original: { path: string; release: () => Promise<void> } | null = null;
  try {
    // Inside the try: a copy refused by the scratch folder's limit is a failure like any other.
    original = await services.storage.localPath(item.storageKey);
    const probe = await probeAudio(original.path, { signal: ctx.signal });
    const working = path.join(work.dir, 'working.wav');
    // Issue 33: with speech enhancement on, the engines hear the cleaned copy (kept for the render too).
    const enhanced = (await services.audioCleanup.get(item.user.id)).enhanceSpeech
      ? await writeEnhancedCopy(services.storage, { userId: item.user.id, mediaId: item.id, originalPath: original.path }, work.dir, {
          formatName: probe.formatName,
          durationSeconds: probe.durationSeconds,
          signal: ctx.signal,
          onProgress: progressWriter(ctx, item.id, 0, 4),
        })
      : null;
    await makeWorkingCopy(enhanced ?? original.path, working, {
      durationSeconds: probe.durationSeconds,
      formatName: enhanced ? 'flac' : probe.formatName,
      signal: ctx.signal,
      onProgress: progressWriter(ctx, item.id, enhanced ? 4 : 0, 5),
    });
    const workingKey = mediaKey(item.user.id, item.id, 'working.wav');
    await services.storage.putFile(workingKey, working);
    const workingFile = await services.storage.localPath(workingKey);
    try {
      return await transcribeWorkingCopy(item, workingFile.path, probe.durationSeconds, ctx);
    } finally {
      await workingFile.release();
    }
  } catch (error) {
    const permanent = permanentMessage(error);
    if (permanent === null && !isFinalAttempt(ctx)) throw error;
    await services.transcripts.fail(item, permanent ?? (error instanceof Error ? error.message : String(error)));
    log(`audio.transcribe ${item.id} failed: ${permanent ?? String(error)}`);
    return { status: 'error' };
  } finally {
    await original?.release();
    await work.remove();
  }
}

/** Transcribes the working copy, detects the user's commands in it and stores both: the upload is Ready. */
async function transcribeWorkingCopy(
  item: MediaItem,
  workingPath: string,
  durationSeconds: number,
  ctx: JobContext,
): Promise<TranscribeResult> {
  const { services, log } = ctx;
  const { transcript, engine, model, seconds } = await transcribe(item, workingPath, ctx);
  if (engine !== 'supplied' && (await services.transcripts.suppliedSince(item.id))) {
    log(`audio.transcribe ${item.id}: a transcript was supplied meanwhile; the run queued with it stores the result`);
    return { status: 'superseded' };
  }
  const full = { ...transcript, duration_s: transcript.duration_s ?? durationSeconds };
  // A supplied transcript is what was said: the sound confirms its markers but never vetoes them (issue 33).
  const trusted = engine === 'supplied' ? { trusted_words: 'all' as const } : {};
  // The same detection a re-scan runs (issue 18): the user's settings and sound-effect keywords.
  const detection = await services.transcriptReview.detectFor(item.user.id, { ...full, ...trusted }, undefined, {
    path: workingPath,
    mediaId: item.id,
  });
  const realtimeFactor = engine === 'supplied' || durationSeconds <= 0 ? null : seconds / durationSeconds;
  item.durationSeconds = durationSeconds;
  await services.transcripts.complete(item, { transcript: full, engine, model, realtimeFactor, detection });
  log(
    `audio.transcribe ${item.id}: ${engine}, ${durationSeconds.toFixed(1)} s audio, ${full.words.length} words${realtimeFactor === null ? '' : `, RTF ${realtimeFactor.toFixed(3)}`}`,
  );
  return { status: 'ready', engine, realtimeFactor };
}

export const audioTranscribeJob: JobDefinition<'audio.transcribe'> = {
  name: 'audio.transcribe',
  retryLimit: 3,
  retryBackoff: true,
  retryDelay: 10,
  // Long uploads take a while even in parallel chunks.
  expireInSeconds: 4 * 60 * 60,
  handle: (payload, ctx) => handleTranscribe(payload.media_id, ctx),
};
