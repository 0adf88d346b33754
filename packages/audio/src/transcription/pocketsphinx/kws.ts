import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MARKERS, type TTranscriptWord } from '@ppp/contracts';
import type { KeywordHit } from '../../detection/evidence.ts';
import { normaliseText } from '../../detection/normalise.ts';
import { minKeywordScore } from '../../detection/spoken-markers.ts';
import { runProcess } from '../../process.ts';
import { clampConfidence } from '../engine.ts';
import { spreadText } from '../supplied/spread.ts';
import { parseSphinxOutput, type SphinxSegment } from './parse.ts';

/** A phrase to spot; threshold is pocketsphinx's detection ratio (smaller finds more, and more false hits). */
export interface KeywordSpec {
  phrase: string;
  threshold?: number;
}

/**
 * The -kws threshold a phrase is merged into the transcript at: the score a hit needs to support it
 * as a marker (MARKERS, by syllables), so that a word the keyword pass writes into the transcript is
 * one the sound supports ('ding' needs 1e5, 'flubber' 1e-3). Measured on the LibriVox test clips,
 * 1e-6 to 1e-2 all find 'dashwood' and 'prudently' (which the language model misses) while 1e-10
 * already spots a 'flubber' nobody said.
 */
export function defaultKwsThreshold(phrase: string): number {
  return 10 ** minKeywordScore(phrase);
}

/*
 * pocketsphinx prints a keyphrase hit's confidence as exp(ratio - KWS_MAX) in its log base 1.0001,
 * where ratio is the keyphrase's score over the phone loop's in its scaled units (scores shifted by
 * SENSCR_SHIFT = 10 bits, as the -kws thresholds are): kws_search.c. Undoing that gives the exponent
 * of the strictest threshold the hit passes, checked against runs at /1e-20/, /1e-10/ and /1e-6/.
 */
const KWS_MAX = 1500;
const LOG_BASE = Math.log(1.0001);
const SENSCR_SHIFT = 1 << 10;

/** The base-10 exponent of the strictest -kws threshold a hit with this printed confidence passes. */
export function kwsScore(confidence: number): number {
  if (!(confidence > 0)) return -Infinity;
  const ratio = KWS_MAX + Math.log(Math.min(1, confidence)) / LOG_BASE;
  return (ratio * SENSCR_SHIFT * LOG_BASE) / Math.LN10;
}

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
    specs.push({ phrase, threshold: spec.threshold ?? defaultKwsThreshold(phrase) });
  }
  return specs;
}

/** The -kws file: one `phrase /threshold/` a line. */
export function keyphraseFile(specs: readonly KeywordSpec[]): string {
  return specs.map((spec) => `${spec.phrase} /${(spec.threshold ?? defaultKwsThreshold(spec.phrase)).toExponential()}/\n`).join('');
}

export interface KeywordSearch {
  binary: string;
  /** Holds en-us/ (acoustic model) and cmudict-en-us.dict. */
  modelDir: string;
  signal?: AbortSignal;
}

/** The main dictionary's entries for the phrases' words: which phrases can be searched, and the small dictionary. */
async function keywordSetup(specs: readonly KeywordSpec[], search: KeywordSearch) {
  return keywordDictionary(specs, await readFile(path.join(search.modelDir, 'cmudict-en-us.dict'), 'utf8'));
}

async function runKeywordSearch(wavPath: string, setup: { dictionary: string; spotted: KeywordSpec[] }, search: KeywordSearch) {
  if (setup.spotted.length === 0) return [];
  const dir = await mkdtemp(path.join(tmpdir(), 'ppp-kws-'));
  try {
    await writeFile(path.join(dir, 'keywords.dict'), setup.dictionary);
    await writeFile(path.join(dir, 'keyphrases.txt'), keyphraseFile(setup.spotted));
    // -logfn /dev/null: the decoder's log goes to stderr in the thousands of lines otherwise.
    const args = ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null', '-hmm', path.join(search.modelDir, 'en-us')];
    args.push('-dict', path.join(dir, 'keywords.dict'), '-kws', path.join(dir, 'keyphrases.txt'));
    const { stdout } = await runProcess(search.binary, args, { signal: search.signal });
    return parseSphinxOutput(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The keyword pass: a dictionary of just the keywords and a keyphrase file, in a temp dir. */
export async function spotKeywords(wavPath: string, specs: readonly KeywordSpec[], search: KeywordSearch): Promise<SphinxSegment[]> {
  return runKeywordSearch(wavPath, await keywordSetup(specs, search), search);
}

/**
 * Every place the phrases may have been said, scored (kwsScore), for detection to weigh with the
 * words and their timing: the search runs at MARKERS.kwsSearchThreshold, far looser than any
 * phrase's acceptance threshold, so that a near miss is seen as one. `searched` lists the phrases
 * the search could pronounce (a phrase with a word neither CMUdict nor EXTRA_PRONUNCIATIONS has is
 * not searched, and its absence of hits says nothing).
 */
export async function keywordEvidence(
  wavPath: string,
  phrases: readonly string[],
  search: KeywordSearch,
): Promise<{ searched: string[]; keywordHits: KeywordHit[] }> {
  const setup = await keywordSetup(normaliseKeywords(phrases.map((phrase) => ({ phrase, threshold: MARKERS.kwsSearchThreshold }))), search);
  const segments = await runKeywordSearch(wavPath, setup, search);
  const keywordHits = segments.map((segment) => ({
    phrase: normaliseText(segment.text),
    start: segment.start,
    end: segment.end,
    score: kwsScore(segment.confidence),
  }));
  return { searched: setup.spotted.map((spec) => spec.phrase), keywordHits };
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
