import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TTranscriptWord } from '@ppp/contracts';
import {
  keyphraseFile,
  keywordDictionary,
  kwsScore,
  mergeKeywordHits,
  normaliseKeywords,
} from '../../src/transcription/pocketsphinx/kws.ts';
import { parseSphinxOutput, toTranscriptWords } from '../../src/transcription/pocketsphinx/parse.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name), 'utf8');

describe('pocketsphinx output', () => {
  it('keeps the words of a captured run, dropping sentence marks, silence, noise and variant numbers', () => {
    const words = toTranscriptWords(parseSphinxOutput(fixture('pocketsphinx-0880.txt')));
    expect(words.map((w) => w.text).join(' ')).toBe('he was not an illness those young man');
    expect(words[1]).toEqual({ text: 'was', start: 0.33, end: 0.54, confidence: 0.9998 });
  });

  it('clamps the confidences pocketsphinx prints just above 1', () => {
    expect(toTranscriptWords(parseSphinxOutput('even 5.630 5.910 1.000300\n'))[0]?.confidence).toBe(1);
  });

  it('reads keyword hits, printed last first, in time order', () => {
    const hits = parseSphinxOutput(fixture('pocketsphinx-kws-0870.txt'));
    expect(hits.map((h) => [h.text, h.start, h.end])).toEqual([
      ['dashwood', 1, 1.55],
      ['prudently', 4.96, 5.42],
    ]);
  });
});

describe('keyword spotting', () => {
  const lm: TTranscriptWord[] = [
    { text: 'john', start: 0.63, end: 1.0, confidence: 0.9 },
    { text: 'guess', start: 1.01, end: 1.33, confidence: 0.6 },
    { text: 'what', start: 1.34, end: 1.58, confidence: 0.5 },
    { text: 'then', start: 1.84, end: 2.11, confidence: 0.5 },
  ];

  it('replaces the words a hit mostly covers', () => {
    const merged = mergeKeywordHits(lm, [{ text: 'dashwood', start: 1, end: 1.55, confidence: 0.88 }]);
    expect(merged.map((w) => w.text)).toEqual(['john', 'dashwood', 'then']);
  });

  it('leaves the transcript alone where it already heard the keyword', () => {
    const heard = [...lm.slice(0, 1), { text: 'Dashwood', start: 1.01, end: 1.5, confidence: 0.7 }];
    expect(mergeKeywordHits(heard, [{ text: 'dashwood', start: 1, end: 1.55, confidence: 0.88 }])).toEqual(heard);
  });

  it('spreads a phrase hit over its words', () => {
    const merged = mergeKeywordHits([], [{ text: 'stop intern', start: 2, end: 3.1, confidence: 0.8 }]);
    expect(merged.map((w) => [w.text, w.start, w.end])).toEqual([
      ['stop', 2, 2.44],
      ['intern', 2.44, 3.1],
    ]);
  });

  it('builds the keyphrase file and a dictionary with the extra words the product needs', () => {
    const specs = normaliseKeywords(['Flubber', 'stop intern', { phrase: 'intern', threshold: 1e-20 }, 'flubber', 'zzyzzx', 'ding']);
    // Merged at the score a marker needs: 1e4 for two syllables or more, 1e5 for one (MARKERS).
    expect(keyphraseFile(specs.slice(0, 3))).toBe('flubber /1e+4/\nstop intern /1e+4/\nintern /1e-20/\n');
    expect(keyphraseFile(specs.slice(4))).toBe('ding /1e+5/\n');
    const { dictionary, spotted, unspoken } = keywordDictionary(
      specs,
      'intern IH N T ER N\nstop S T AA P\nstop(2) S T AO P\nstomp S T AA M P\n',
    );
    expect(dictionary.split('\n').filter(Boolean).sort()).toEqual([
      'flubber F L AH B ER',
      'intern IH N T ER N',
      'stop S T AA P',
      'stop(2) S T AO P',
    ]);
    expect(spotted.map((s) => s.phrase)).toEqual(['flubber', 'stop intern', 'intern']);
    expect(unspoken).toEqual(['zzyzzx', 'ding']);
  });

  it("reads a keyword hit's score back from the confidence pocketsphinx prints", () => {
    // Measured: a hit printed 0.842131 passed /1e-10/ and not /1e-6/; 0.865267 passed /1e-3/; 0.827272 passed /1e-20/ only.
    expect(kwsScore(0.842131)).toBeGreaterThan(-10);
    expect(kwsScore(0.842131)).toBeLessThan(-6);
    expect(kwsScore(0.865267)).toBeGreaterThan(-3);
    expect(kwsScore(0.827272)).toBeGreaterThan(-20);
    expect(kwsScore(0.827272)).toBeLessThan(-10);
    expect(kwsScore(0)).toBe(-Infinity);
  });
});
