import type { TTranscriptFileJson, TTranscriptWord } from '@ppp/contracts';

/*
 * Cue grouping for WebVTT captions. The numbers follow common broadcast caption practice (BBC and
 * Netflix timed-text guides): two lines of about 42 characters, at most ~7 s on screen; a new cue
 * also starts after sentence-ending punctuation or a silence long enough to read as a break.
 */
export const VTT_CUE = {
  maxChars: 84,
  maxDurationS: 7,
  breakOnGapS: 1.5,
  lineChars: 42,
} as const;

export interface TranscriptFileOptions {
  /** Written on every segment/cue when known (single-speaker shows). */
  speaker?: string;
}

/** The readable cues of the words: their text lines and times (seconds). */
function cuesOf(words: readonly TTranscriptWord[]): { lines: string[]; start: number; end: number }[] {
  return groupCues(words.filter((w) => w.text.trim() !== '')).map((cue) => {
    const first = cue[0]!;
    const last = cue[cue.length - 1]!;
    const lines = wrapLines(cue.map((w) => w.text.trim()).join(' '), VTT_CUE.lineChars);
    return { lines, start: first.start, end: Math.max(last.end, first.start + 0.001) };
  });
}

/** A WebVTT file (text/vtt) for podcast:transcript, one cue per readable group of words. */
export function transcriptToWebVtt(words: readonly TTranscriptWord[], options: TranscriptFileOptions = {}): string {
  const voice = options.speaker ? `<v ${escapeVtt(options.speaker)}>` : '';
  const blocks = cuesOf(words).map(
    (cue, index) => `${index + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${voice}${cue.lines.map(escapeVtt).join('\n')}`,
  );
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}

/** A SubRip file (application/x-subrip) for podcast:transcript: the same cues, with SRT's comma before the milliseconds. */
export function transcriptToSrt(words: readonly TTranscriptWord[]): string {
  const srtTime = (seconds: number) => vttTime(seconds).replace('.', ',');
  const blocks = cuesOf(words).map(
    (cue, index) => `${index + 1}\n${srtTime(cue.start)} --> ${srtTime(cue.end)}\n${cue.lines.map(srtText).join('\n')}`,
  );
  return blocks.join('\n\n') + '\n';
}

/** The Podcasting 2.0 JSON transcript (application/json), word-level segments as its spec shows. */
export function transcriptToJson(words: readonly TTranscriptWord[], options: TranscriptFileOptions = {}): TTranscriptFileJson {
  return {
    version: '1.0.0' as const,
    segments: words
      .filter((w) => w.text.trim() !== '')
      .map((w) => ({
        ...(options.speaker ? { speaker: options.speaker } : {}),
        startTime: round3(w.start),
        endTime: round3(w.end),
        body: w.text.trim(),
      })),
  };
}

function groupCues(words: readonly TTranscriptWord[]): TTranscriptWord[][] {
  const cues: TTranscriptWord[][] = [];
  let current: TTranscriptWord[] = [];
  let chars = 0;
  for (const word of words) {
    const previous = current[current.length - 1];
    const length = word.text.trim().length;
    const tooLong = chars + 1 + length > VTT_CUE.maxChars;
    const tooSlow = current.length > 0 && word.end - current[0]!.start > VTT_CUE.maxDurationS;
    const gap = previous !== undefined && word.start - previous.end >= VTT_CUE.breakOnGapS;
    const sentenceEnded = previous !== undefined && /[.!?…]["')\]]?$/.test(previous.text.trim());
    if (current.length > 0 && (tooLong || tooSlow || gap || sentenceEnded)) {
      cues.push(current);
      current = [];
      chars = 0;
    }
    current.push(word);
    chars += (chars === 0 ? 0 : 1) + length;
  }
  if (current.length > 0) cues.push(current);
  return cues;
}

function wrapLines(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  // Break at the space nearest the middle so both lines are of similar length.
  const middle = Math.floor(text.length / 2);
  let best = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ' ' && (best === -1 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return best === -1 ? [text] : [text.slice(0, best), text.slice(best + 1)];
}

/** SubRip has no escapes: an arrow in the text would read as a timing line, so it is shortened. */
function srtText(text: string): string {
  return text.replace(/-->/g, '->');
}

/** Cue text may not contain "&", "<" or "-->"; escaping ">" as well keeps arrows out of the text. */
function escapeVtt(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(rest).padStart(3, '0')}`;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
