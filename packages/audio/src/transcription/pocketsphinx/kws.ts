import type { TTranscriptWord } from '@ppp/contracts';
import { normaliseText } from '../../detection/normalise.ts';
import { clampConfidence } from '../engine.ts';
import { spreadText } from '../supplied/spread.ts';
import type { SphinxSegment } from './parse.ts';

/** A phrase to spot; threshold is pocketsphinx's detection ratio (smaller finds more, and more false hits). */
export interface KeywordSpec {
  phrase: string;
  threshold?: number;
}

/**
 * Measured on the LibriVox test clips: 1e-6 to 1e-2 all find 'dashwood' and 'prudently' (which the
 * language model misses) while 1e-10 already spots a 'flubber' nobody said; the loosest clean value.
 */
export const DEFAULT_KWS_THRESHOLD = 1e-6;

/** The product's trigger words that CMUdict lacks, in its ARPAbet without stress marks. */
export const EXTRA_PRONUNCIATIONS: Readonly<Record<string, readonly string[]>> = {
  flubber: ['F L AH B ER'],
};

export function normaliseKeywords(keywords: readonly (string | KeywordSpec)[]): KeywordSpec[] {
  const seen = new Set<string>();
  const specs: KeywordSpec[] = [];
  for (const keyword of keywords) {
    const spec = typeof keyword === 'string' ? { phrase: keyword } : keyword;
    const phrase = normaliseText(spec.phrase);
    if (!phrase || seen.has(phrase)) continue;
    seen.add(phrase);
    specs.push({ phrase, threshold: spec.threshold ?? DEFAULT_KWS_THRESHOLD });
  }
  return specs;
}

/** The -kws file: one `phrase /threshold/` a line. */
export function keyphraseFile(specs: readonly KeywordSpec[]): string {
  return specs.map((spec) => `${spec.phrase} /${(spec.threshold ?? DEFAULT_KWS_THRESHOLD).toExponential()}/\n`).join('');
}

/**
 * A dictionary holding only the keyphrases' words, taken from the main dictionary's text or the
 * extra table: the keyword search needs every word pronounced, and a small file loads at once.
 * Phrases with a word nobody can pronounce are returned as `unspoken` and left out.
 */
export function keywordDictionary(
  specs: readonly KeywordSpec[],
  mainDictionary: string,
): { dictionary: string; spotted: KeywordSpec[]; unspoken: string[] } {
  const needed = new Set(specs.flatMap((spec) => spec.phrase.split(' ')));
  const entries = new Map<string, string[]>();
  for (const line of mainDictionary.split('\n')) {
    const head = line.slice(0, line.indexOf(' '));
    const word = head.replace(/\(\d+\)$/, '');
    if (!needed.has(word)) continue;
    const list = entries.get(word) ?? [];
    list.push(line.trim());
    entries.set(word, list);
  }
  for (const word of needed) {
    const extra = EXTRA_PRONUNCIATIONS[word];
    if (!entries.has(word) && extra)
      entries.set(
        word,
        extra.map((phones, i) => `${word}${i ? `(${i + 1})` : ''} ${phones}`),
      );
  }
  const spotted = specs.filter((spec) => spec.phrase.split(' ').every((word) => entries.has(word)));
  const unspoken = specs.filter((spec) => !spotted.includes(spec)).map((spec) => spec.phrase);
  return { dictionary: [...entries.values()].flat().join('\n') + '\n', spotted, unspoken };
}

function overlap(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

/**
 * Puts keyword hits into the language-model transcript where it heard something else: the words a
 * hit mostly covers are replaced by it. Where the transcript already has the phrase, it is kept. A phrase hit
 * spreads its time over its words by length.
 */
export function mergeKeywordHits(words: readonly TTranscriptWord[], hits: readonly SphinxSegment[]): TTranscriptWord[] {
  let merged = [...words];
  for (const hit of hits) {
    const touched = merged.filter((word) => overlap(word, hit) > 0);
    const heard = normaliseText(touched.map((word) => word.text).join(' '));
    const covered = touched.filter((word) => overlap(word, hit) > 0.5 * Math.max(word.end - word.start, 0.01));
    if (heard.includes(normaliseText(hit.text))) continue;
    merged = merged
      .filter((word) => !covered.includes(word))
      .concat(spreadText(hit.text, hit.start, hit.end, clampConfidence(hit.confidence)));
  }
  return merged.sort((a, b) => a.start - b.start);
}
