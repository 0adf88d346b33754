/** Generated speech for the server's, the worker's and the journeys' tests: phrases in fixed slots with a supplied transcript, and decoded lengths. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TTranscriptWord } from '@ppp/contracts';

export interface SpokenSlotsOptions {
  dir: string;
  /** Base name of the WAV and its transcript (name.wav, name.json). */
  name: string;
  phrases: readonly string[];
  slotSeconds: number;
  sampleRate: number;
}

/**
 * Each phrase spoken by espeak-ng, padded with silence to its slot, joined into one WAV; the
 * transcript spreads each phrase's words 0.3 s apart from the slot's start, as a supplied one would.
 */
export function spokenSlots(options: SpokenSlotsOptions): { wav: string; transcript: string; words: TTranscriptWord[]; seconds: number } {
  const { dir, name, phrases, slotSeconds: slot, sampleRate } = options;
  const slots = phrases.map((text, i) => {
    const spoken = path.join(dir, `${name}-phrase-${i}.wav`);
    execFileSync('espeak-ng', ['-s', '190', '-w', spoken, text]);
    const padded = path.join(dir, `${name}-slot-${i}.wav`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      spoken,
      '-af',
      `apad=whole_dur=${slot}`,
      '-t',
      String(slot),
      '-ar',
      String(sampleRate),
      '-ac',
      '1',
      padded,
    ]);
    return padded;
  });
  const wav = path.join(dir, `${name}.wav`);
  const graph = `${slots.map((_, i) => `[${i}:a]`).join('')}concat=n=${slots.length}:v=0:a=1`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...slots.flatMap((s) => ['-i', s]), '-filter_complex', graph, wav]);
  const words: TTranscriptWord[] = phrases.flatMap((text, i) =>
    text.split(' ').map((word, j) => ({ text: word, start: i * slot + j * 0.3, end: i * slot + j * 0.3 + 0.25, confidence: 0.9 })),
  );
  const transcript = path.join(dir, `${name}.json`);
  const seconds = phrases.length * slot;
  writeFileSync(transcript, JSON.stringify({ words, language: 'en', duration_s: seconds }));
  return { wav, transcript, words, seconds };
}

/** Milliseconds a file decodes to. */
export function decodedMs(file: string): number {
  const progress = execFileSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-progress', 'pipe:1', '-f', 'null', '-'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return Math.round(Number([...progress.matchAll(/out_time_us=(\d+)/g)].at(-1)?.[1] ?? 0) / 1000);
}
