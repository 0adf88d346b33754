import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { planEnhancement, postDenoiseFilters, preDenoiseFilters, type EnhancementPlan } from './plan.ts';
import { VAD_GATE } from './gate.ts';
import { createProfiler, type SpeechProfile } from './profile.ts';
import { createDenoiser } from './rnnoise.ts';
import { decodeArgs, encodeArgs, floatChunks, spawnFfmpeg, writeFloats } from './run.ts';

export interface EnhanceOptions {
  signal?: AbortSignal;
  /** The container ffprobe found, so src is decoded with that demuxer only. */
  formatName?: string | null;
  /** Length of src, for progress; 0-100 over both passes. */
  durationSeconds?: number;
  onProgress?: (percent: number) => void;
  /** Replaces the plan the profile gives (the benchmark and the A/B preview compare steps). */
  plan?: (planned: EnhancementPlan) => EnhancementPlan;
}

export interface EnhancementReport {
  profile: SpeechProfile;
  plan: EnhancementPlan;
}

/** Pass 1: the recording's profile, from its decoded samples. */
export async function profileSpeech(src: string, options: EnhanceOptions = {}): Promise<SpeechProfile> {
  const profiler = createProfiler();
  const decoder = spawnFfmpeg(decodeArgs(src, options.formatName, null), false, options.signal);
  let seen = 0;
  for await (const chunk of floatChunks(decoder.child.stdout)) {
    profiler.push(chunk);
    seen += chunk.length;
    reportShare(options, seen, 0, 30);
  }
  await decoder.done;
  return profiler.finish();
}

function reportShare(options: EnhanceOptions, samples: number, from: number, to: number): void {
  if (!options.onProgress || !options.durationSeconds) return;
  const share = Math.min(1, samples / (options.durationSeconds * 48_000));
  options.onProgress(Math.floor(from + (to - from) * share));
}

/**
 * Speech enhancement of one recording into dest (48 kHz mono; FLAC or WAV by dest's extension): the
 * profile first, then one streaming pass: high-pass and hum notches in ffmpeg, RNNoise in
 * WebAssembly, de-esser and leveler in a second ffmpeg. The output has exactly the input's length, so
 * the transcript's word times stay true. Written under a temporary name and renamed.
 */
export async function enhanceSpeechFile(src: string, dest: string, options: EnhanceOptions = {}): Promise<EnhancementReport> {
  const profile = await profileSpeech(src, options);
  const planned = planEnhancement(profile);
  const plan = options.plan ? options.plan(planned) : planned;
  const ext = path.extname(dest);
  const tmp = path.join(path.dirname(dest), `.${path.basename(dest, ext)}.${randomBytes(4).toString('hex')}.partial${ext}`);
  try {
    await filterThrough(src, tmp, plan, options);
    await rename(tmp, dest);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  options.onProgress?.(100);
  return { profile, plan };
}

async function filterThrough(src: string, dest: string, plan: EnhancementPlan, options: EnhanceOptions): Promise<void> {
  const decoder = spawnFfmpeg(decodeArgs(src, options.formatName, preDenoiseFilters(plan)), false, options.signal);
  const encoder = spawnFfmpeg(encodeArgs(dest, postDenoiseFilters(plan)), true, options.signal);
  const stdin = encoder.child.stdin;
  if (!stdin) throw new Error('ffmpeg has no stdin');
  const denoiser = plan.denoise ? await createDenoiser({ gate: plan.gate ? VAD_GATE : null }) : null;
  const feeding = (async () => {
    let seen = 0;
    for await (const chunk of floatChunks(decoder.child.stdout)) {
      await writeFloats(stdin, denoiser ? denoiser.push(chunk) : chunk);
      seen += chunk.length;
      reportShare(options, seen, 30, 99);
    }
    if (denoiser) await writeFloats(stdin, denoiser.end());
    stdin.end();
  })();
  // An encoder that dies must not leave the decoder writing into a full pipe, nor the other way round.
  await Promise.all([feeding, decoder.done, encoder.done]).catch((error: unknown) => {
    decoder.child.kill('SIGKILL');
    encoder.child.kill('SIGKILL');
    stdin.destroy();
    throw error;
  });
}
