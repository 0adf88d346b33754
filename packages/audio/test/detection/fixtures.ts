import { DEFAULT_AUDIO_CLEANUP_SETTINGS, type TAudioCleanupSettings, type TTranscriptWord } from '@ppp/contracts';
import { toMatchWords, type MatchWord } from '../../src/detection/normalise.ts';

/** One word: [text, start, end] in seconds. */
export type WordTuple = readonly [string, number, number];

export function transcriptWords(tuples: readonly WordTuple[]): TTranscriptWord[] {
  return tuples.map(([text, start, end]) => ({ text, start, end, confidence: 0.9 }));
}

export function matchWords(tuples: readonly WordTuple[]): MatchWord[] {
  return toMatchWords(transcriptWords(tuples));
}

/**
 * Words spoken one after another: each lasts `wordS`, with `gapS` between them, from `fromS`.
 * Times are rounded to the millisecond so expectations can be written exactly.
 */
export function spoken(sentence: string, fromS = 0, wordS = 0.4, gapS = 0.1): WordTuple[] {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return sentence
    .split(' ')
    .filter((text) => text !== '')
    .map((text, i) => [text, round(fromS + i * (wordS + gapS)), round(fromS + i * (wordS + gapS) + wordS)] as const);
}

export function settingsWith(overrides: Partial<TAudioCleanupSettings> = {}): TAudioCleanupSettings {
  return { ...structuredClone(DEFAULT_AUDIO_CLEANUP_SETTINGS), ...overrides };
}
