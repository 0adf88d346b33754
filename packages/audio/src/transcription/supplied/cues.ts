import type { TTranscript } from '@ppp/contracts';
import { spreadText } from './spread.ts';

/** A subtitle cue: times in seconds and its text with markup removed. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** '00:01:02.500', '01:02,500' or '01:02.5' in seconds; null when it is not a timestamp. */
export function parseTimestamp(value: string): number | null {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})[.,](\d{1,3})$/.exec(value.trim());
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(`0.${fraction}`);
}

const TIMING = /^\s*(\S+)\s+-->\s+(\S+)/;

/** The timing line of a cue ('start --> end [settings]'); null when the line is not one. */
export function parseTimingLine(line: string): { start: number; end: number } | null {
  const match = TIMING.exec(line);
  if (!match) return null;
  const start = parseTimestamp(match[1] ?? '');
  const end = parseTimestamp(match[2] ?? '');
  return start === null || end === null ? null : { start, end: Math.max(start, end) };
}

/** Tags (<b>, <v Speaker>, <00:00:01.000>, {\an8}) and entities say nothing we keep. */
export function stripMarkup(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{\\[^}]*\}/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Blocks separated by blank lines; each is one cue, one header, a note or a style block. */
export function blocks(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);
}

/** A cue from a block whose timing line is its first or second line (the second after an id). */
export function cueFromBlock(lines: readonly string[]): Cue | null {
  const timingAt = lines.findIndex((line) => parseTimingLine(line) !== null);
  if (timingAt === -1 || timingAt > 1) return null;
  const timing = parseTimingLine(lines[timingAt] ?? '');
  if (!timing) return null;
  return { ...timing, text: stripMarkup(lines.slice(timingAt + 1).join(' ')) };
}

export function cuesToTranscript(cues: readonly Cue[]): TTranscript {
  const words = [...cues].sort((a, b) => a.start - b.start).flatMap((cue) => spreadText(cue.text, cue.start, cue.end));
  const last = cues.reduce((max, cue) => Math.max(max, cue.end), 0);
  return { words, language: null, duration_s: cues.length > 0 ? last : null };
}
