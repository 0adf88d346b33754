import type { TTranscriptWord } from '@ppp/contracts';

/** One sentence as spoken: its text and the seconds its clip lasts. */
export interface SpokenSentence {
  text: string;
  seconds: number;
}

/**
 * The transcript of sentences spoken one after the other with `gapSeconds` of silence between
 * them: each sentence's words share its clip in proportion to their length, after a small lead-in
 * (speech engines start and end each clip with a breath of silence).
 */
export function timedScript(sentences: readonly SpokenSentence[], gapSeconds: number, leadSeconds = 0.05): TTranscriptWord[] {
  const words: TTranscriptWord[] = [];
  let offset = 0;
  for (const sentence of sentences) {
    const parts = sentence.text.split(/\s+/).filter(Boolean);
    const span = Math.max(sentence.seconds - 2 * leadSeconds, 0.01);
    const weights = parts.map((part) => part.length + 1);
    const total = weights.reduce((sum, w) => sum + w, 0);
    let t = offset + leadSeconds;
    parts.forEach((text, i) => {
      const length = (span * (weights[i] ?? 1)) / total;
      words.push({ text, start: round(t), end: round(t + length * 0.9), confidence: null });
      t += length;
    });
    offset += sentence.seconds + gapSeconds;
  }
  return words;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** ffmpeg arguments joining clips into one mono MP3, each followed by `gapSeconds` of silence but the last. */
export function joinWithGapsArgs(inputs: readonly string[], gapSeconds: number, dest: string, sampleRate = 44100): string[] {
  const chains = inputs.map((_, i) => {
    // pad_len (samples after the resample) rather than pad_dur, which older ffmpeg builds lack.
    const pad = i < inputs.length - 1 ? `,apad=pad_len=${Math.round(gapSeconds * sampleRate)}` : '';
    return `[${i}:a]aresample=${sampleRate},aformat=channel_layouts=mono${pad}[a${i}]`;
  });
  const graph = `${chains.join(';')};${inputs.map((_, i) => `[a${i}]`).join('')}concat=n=${inputs.length}:v=0:a=1[out]`;
  return [
    '-y',
    ...inputs.flatMap((input) => ['-i', input]),
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '96k',
    dest,
  ];
}
