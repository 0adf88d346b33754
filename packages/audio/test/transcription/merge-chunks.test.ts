import { describe, expect, it } from 'vitest';
import type { TTranscriptWord } from '@ppp/contracts';
import { splitForChunks } from '../../src/ffmpeg/chunks.ts';
import { mergeChunkWords } from '../../src/transcription/merge-chunks.ts';

const w = (text: string, start: number, end: number): TTranscriptWord => ({ text, start, end, confidence: 0.9 });

describe('mergeChunkWords', () => {
  it('shifts chunk times and keeps each word of the overlap once', () => {
    const [first, second] = splitForChunks(20, 10, 2);
    if (!first || !second) throw new Error('two chunks expected');
    const merged = mergeChunkWords([
      // The first chunk hears to 12 s: 'across' straddles the 10 s boundary, 'the' is in the overlap.
      { range: first, words: [w('one', 8, 8.5), w('across', 9.6, 10.4), w('the', 10.6, 10.8), w('bou', 11.8, 12)] },
      // The second chunk starts at 10 s: it hears the tail of 'across' as noise, then 'the'.
      { range: second, words: [w('ross', 0, 0.4), w('the', 0.62, 0.8), w('line', 1, 1.5)] },
    ]);
    expect(merged.map((x) => [x.text, x.start, x.end])).toEqual([
      ['one', 8, 8.5],
      ['across', 9.6, 10.4],
      ['the', 10.62, 10.8],
      ['line', 11, 11.5],
    ]);
  });

  it('takes chunks in time order whatever order they finished in', () => {
    const [first, second] = splitForChunks(20, 10, 1);
    if (!first || !second) throw new Error('two chunks expected');
    const merged = mergeChunkWords([
      { range: second, words: [w('b', 1, 2)] },
      { range: first, words: [w('a', 1, 2)] },
    ]);
    expect(merged.map((x) => x.text)).toEqual(['a', 'b']);
  });
});
