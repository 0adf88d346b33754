import { copyFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TVoice } from '@ppp/contracts';
import { runFfmpeg } from '../ffmpeg/run.ts';
import { untrustedInputArgs } from '../ffmpeg/safe-input.ts';
import { probeAudio } from '../ffmpeg/probe.ts';
import { runProcess } from '../process.ts';
import { which } from '../system-tools.ts';
import { pageVoices, SpeechError, type SpeechEngine, type SynthesizeRequest, type SynthesizedAudio } from './engine.ts';
import { espeakCatalog, parseEspeakVoices } from './espeak-voices.ts';

export interface EspeakOptions {
  /** Defaults to espeak-ng on PATH. */
  binaryPath?: string;
}

const ID = 'espeak';
/** espeak-ng's default speed in words per minute; the speaking rate scales it. */
const DEFAULT_WPM = 175;
const VOICE_ID = /^[a-z0-9-]+(\+[a-z0-9]+)?$/i;

/** Builds the espeak-ng arguments; the text comes from a file so it can never be read as an option. */
export function espeakArgs(voiceId: string, textFile: string, wavFile: string, speakingRate = 1): string[] {
  if (!VOICE_ID.test(voiceId)) throw new SpeechError(ID, `invalid voice '${voiceId}'`);
  const wpm = Math.round(Math.min(450, Math.max(80, DEFAULT_WPM * speakingRate)));
  return ['-v', voiceId, '-s', String(wpm), '-f', textFile, '-w', wavFile];
}

/** MP3 at a speech-friendly VBR quality; the renderer resamples later as the episode needs. */
export function speechMp3Args(src: string, dest: string): string[] {
  return ['-y', ...untrustedInputArgs(src, 'wav'), '-map', '0:a:0', '-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3', dest];
}

/** The always-available local engine: espeak-ng from Debian. */
export function createEspeakEngine(options: EspeakOptions = {}): SpeechEngine {
  const binary = () => options.binaryPath ?? which('espeak-ng');
  let voices: Promise<TVoice[]> | null = null;

  async function loadVoices(): Promise<TVoice[]> {
    const bin = binary();
    if (!bin) throw new SpeechError(ID, "espeak-ng is not installed: install the Debian package 'espeak-ng'");
    const [languages, variants] = await Promise.all([runProcess(bin, ['--voices']), runProcess(bin, ['--voices=variant'])]);
    return espeakCatalog(parseEspeakVoices(languages.stdout), parseEspeakVoices(variants.stdout));
  }

  return {
    id: ID,
    label: 'eSpeak NG (local)',
    async available() {
      return binary() !== null;
    },
    async listVoices(query) {
      // The installed voices do not change while the process runs, so they are read once.
      voices ??= loadVoices().catch((error: unknown) => {
        voices = null;
        throw error;
      });
      return pageVoices(await voices, query);
    },
    async synthesize({ text, voiceId, destination, speakingRate, signal }: SynthesizeRequest): Promise<SynthesizedAudio> {
      const bin = binary();
      if (!bin) throw new SpeechError(ID, "espeak-ng is not installed: install the Debian package 'espeak-ng'");
      if (!text.trim()) throw new SpeechError(ID, 'no text to speak');
      const work = await mkdtemp(path.join(tmpdir(), 'ppp-espeak-'));
      try {
        const textFile = path.join(work, 'script.txt');
        const wavFile = path.join(work, 'speech.wav');
        const mp3File = path.join(work, 'speech.mp3');
        await writeFile(textFile, text, 'utf8');
        await runProcess(bin, espeakArgs(voiceId, textFile, wavFile, speakingRate), { signal });
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
    },
  };
}
