import type { TTranscriptWord } from '@ppp/contracts';
import { wordTime } from '../engine.ts';

/** A whisper.cpp segment as the binding returns it: text and times in milliseconds. */
export interface WhisperSegment {
  text: string;
  t0: number;
  t1: number;
}

/** Non-speech tags whisper writes in brackets: [BLANK_AUDIO], [Music], (laughs). */
const TAG = /^\s*(\[[^\]]*\]|\([^)]*\))\s*$/;

/**
 * With token timestamps and max_len 1, each segment is one token. A token that starts with a
 * space starts a word; one that does not ('iable' after ' am', or ',') continues the word before.
 * whisper.cpp times a segment's end up to its 30 s window, past the audio's end, and can step a
 * token back before the one before it: times are kept inside the audio and in order. Tags such as
 * [BLANK_AUDIO] or (laughs) are not words, whether they come whole or token by token.
 */
export function segmentsToWords(segments: readonly WhisperSegment[], durationSeconds?: number | null): TTranscriptWord[] {
  const limit = durationSeconds ?? Number.POSITIVE_INFINITY;
  const clamp = (ms: number, floor: number) => wordTime(Math.min(limit, Math.max(floor, ms / 1000)));
  const words: TTranscriptWord[] = [];
  for (const segment of segments) {
    if (segment.text.trim() === '' || TAG.test(segment.text)) continue;
    const previous = words.at(-1);
    const start = clamp(segment.t0, previous?.start ?? 0);
    const end = clamp(Math.max(segment.t0, segment.t1), start);
    if (previous && !/^\s/.test(segment.text)) {
      previous.text += segment.text;
      previous.end = Math.max(previous.end, end);
      continue;
    }
    words.push({ text: segment.text.trim(), start, end, confidence: null });
  }
  // One token per segment splits a tag ' [' 'BL' 'ANK' '_' 'AUDIO' ']' into pieces joined above.
  return words.filter((word) => !TAG.test(word.text));
}
