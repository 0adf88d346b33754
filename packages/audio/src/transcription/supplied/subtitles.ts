import type { TTranscript } from '@ppp/contracts';
import { blocks, cueFromBlock, cuesToTranscript, type Cue } from './cues.ts';

/** A supplied transcript that cannot be read; the message says where. */
export class SuppliedTranscriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SuppliedTranscriptError';
  }
}

function cues(text: string, skip: (lines: readonly string[]) => boolean): Cue[] {
  return blocks(text)
    .filter((lines) => !skip(lines))
    .map(cueFromBlock)
    .filter((cue): cue is Cue => cue !== null);
}

/** WebVTT: the WEBVTT header, NOTE, STYLE and REGION blocks are skipped; cue settings ignored. */
export function parseWebVtt(text: string): TTranscript {
  const all = blocks(text);
  if (!/^\uFEFF?WEBVTT\b/.test(all[0]?.[0] ?? '')) throw new SuppliedTranscriptError('A WebVTT file starts with WEBVTT');
  const found = cues(text, (lines) => /^(WEBVTT|NOTE|STYLE|REGION)\b/.test(lines[0] ?? ''));
  return cuesToTranscript(found);
}

/** SubRip: numbered cues with comma decimal times. */
export function parseSrt(text: string): TTranscript {
  const found = cues(text, () => false);
  if (found.length === 0 && text.trim() !== '') throw new SuppliedTranscriptError('No SRT cues found');
  return cuesToTranscript(found);
}
