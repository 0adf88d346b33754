import type { TSuppliedTranscriptFormat, TTranscript } from '@ppp/contracts';
import { parseWordJson } from './json.ts';
import { parseSrt, parseWebVtt } from './subtitles.ts';

export { parseWordJson } from './json.ts';
export { parseSrt, parseWebVtt, SuppliedTranscriptError } from './subtitles.ts';
export { spreadText } from './spread.ts';
export { parseTimestamp } from './cues.ts';

/** The format from a file name, so an upload's companion transcript needs no extra field. */
export function suppliedFormatFromName(fileName: string): TSuppliedTranscriptFormat | null {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'vtt' || ext === 'srt' || ext === 'json') return ext;
  return null;
}

export function parseSuppliedTranscript(text: string, format: TSuppliedTranscriptFormat): TTranscript {
  if (format === 'vtt') return parseWebVtt(text);
  if (format === 'srt') return parseSrt(text);
  return parseWordJson(text);
}
