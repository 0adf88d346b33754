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
 */
export function segmentsToWords(segments: readonly WhisperSegment[]): TTranscriptWord[] {
  const words: TTranscriptWord[] = [];
  for (const segment of segments) {
    if (segment.text.trim() === '' || TAG.test(segment.text)) continue;
    const start = wordTime(segment.t0 / 1000);
    const end = wordTime(Math.max(segment.t0, segment.t1) / 1000);
    const previous = words.at(-1);
    if (previous && !/^\s/.test(segment.text)) {
      previous.text += segment.text;
      previous.end = Math.max(previous.end, end);
      continue;
    }
    words.push({ text: segment.text.trim(), start, end, confidence: null });
  }
  return words;
}
