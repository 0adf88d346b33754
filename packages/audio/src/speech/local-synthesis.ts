import { copyFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../ffmpeg/run.ts';
import { probeAudio } from '../ffmpeg/probe.ts';
import { untrustedInputArgs } from '../ffmpeg/safe-input.ts';
import type { TSpeechProvider, TVoice } from '@ppp/contracts';
import { runProcess } from '../process.ts';
import { pageVoices, SpeechError, type SpeechEngine, type SynthesizeRequest, type SynthesizedAudio } from './engine.ts';

/** MP3 at a speech-friendly VBR quality; the renderer resamples later as the episode needs. */
export function speechMp3Args(src: string, dest: string): string[] {
  return ['-y', ...untrustedInputArgs(src, 'wav'), '-map', '0:a:0', '-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3', dest];
}

/** The speaking rate a local engine accepts: the product's 0.25-4 range narrowed to what stays intelligible. */
export function localRate(speakingRate = 1): number {
  return Math.min(2.5, Math.max(0.5, speakingRate));
}

/**
 * A local synthesizer run: the text goes to a file (so it can never be read as an option), `speak`
 * turns it into a WAV, ffmpeg makes the MP3, which is moved into place whole.
 */
export async function synthesizeLocally(
  engine: string,
  { text, destination, signal }: Pick<SynthesizeRequest, 'text' | 'destination' | 'signal'>,
  speak: (textFile: string, wavFile: string) => Promise<void>,
): Promise<SynthesizedAudio> {
  if (!text.trim()) throw new SpeechError(engine, 'no text to speak');
  const work = await mkdtemp(path.join(tmpdir(), `ppp-${engine}-`));
  try {
    const textFile = path.join(work, 'script.txt');
    const wavFile = path.join(work, 'speech.wav');
    const mp3File = path.join(work, 'speech.mp3');
    await writeFile(textFile, text, 'utf8');
    await speak(textFile, wavFile);
    await runFfmpeg(speechMp3Args(wavFile, mp3File), { signal });
    const probe = await probeAudio(mp3File, { signal });
    await rename(mp3File, destination).catch(async (error: unknown) => {
      // Another filesystem: rename cannot cross devices, so copy through a temporary name instead.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(mp3File, `${destination}.part`);
      await rename(`${destination}.part`, destination);
    });
    return { path: destination, durationSeconds: probe.durationSeconds, mime: 'audio/mpeg' };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The installed voices, read once per process (they do not change while it runs); a failed read is tried again. */
export function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= read().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

export interface LocalEngineSpec {
  id: TSpeechProvider;
  label: string;
  /** Said when the program is missing: which Debian packages to install. */
  missing: string;
  binary: () => string | null;
  /** The installed voices, read once; none means the engine is unavailable. */
  readVoices: (binary: string) => Promise<TVoice[]>;
  args: (voiceId: string, textFile: string, wavFile: string, speakingRate?: number) => string[];
}

/** A local program that speaks a text file into a WAV with one of its installed voices. */
export function localSpeechEngine(spec: LocalEngineSpec): SpeechEngine {
  const voices = readOnce(async () => {
    const bin = spec.binary();
    if (!bin) throw new SpeechError(spec.id, spec.missing);
    return spec.readVoices(bin);
  });
  return {
    id: spec.id,
    label: spec.label,
    async available() {
      // A machine without the program or any voice falls back to the next engine (espeak-ng last).
      return voices().then(
        (list) => list.length > 0,
        () => false,
      );
    },
    async listVoices(query) {
      return pageVoices(await voices(), query);
    },
    async synthesize({ voiceId, speakingRate, ...request }: SynthesizeRequest): Promise<SynthesizedAudio> {
      const bin = spec.binary();
      if (!bin) throw new SpeechError(spec.id, spec.missing);
      if (!(await voices()).some((voice) => voice.voice_id === voiceId))
        throw new SpeechError(spec.id, `the voice '${voiceId}' is not installed`);
      return synthesizeLocally(spec.id, request, async (textFile, wavFile) => {
        await runProcess(bin, spec.args(voiceId, textFile, wavFile, speakingRate), { signal: request.signal });
      });
    },
  };
}
