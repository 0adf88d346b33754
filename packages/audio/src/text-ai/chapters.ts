import { distinctPhrases, extractKeyPhrases, type KeyPhrase } from './keyphrases.ts';
import type { Sentence } from './sentences.ts';
import { cosine, sumVectors, tfidfVectors, type TermVector } from './vectors.ts';
import { summarise } from './summary.ts';
import { isMeaningfulTitle, phraseTitle, withoutFragments } from './topics.ts';

/*
 * Chapters by lexical cohesion, after TextTiling (Hearst, 1997): at every gap between sentences the
 * vocabulary of the sentences before it is compared with the vocabulary after it; where the talk
 * moves on, the two windows share few words and the similarity dips. The deepest dips become chapter
 * starts, as long as every chapter lasts a minimum time. Each chapter is titled by its own key phrase.
 */

export interface Chapter {
  /** Seconds from the start of the transcript; the first chapter starts at 0. */
  start: number;
  /** '' when nothing said in the chapter makes a meaningful title (the caller names it). */
  title: string;
}

/** Sentences compared on each side of a gap. */
const WINDOW = 3;
/** A chapter lasts at least this share of the episode, and between these bounds in seconds. */
const MIN_SHARE = 0.12;
const MIN_CHAPTER_S = 4;
const MAX_MIN_CHAPTER_S = 90;
const MAX_CHAPTERS = 8;
/** A single word titles a chapter when said this often in it ('Bees'). */
const SINGLE_WORD_REPEATS = 3;
/** Depth added per second of pause before a sentence (up to three seconds). */
const PAUSE_WEIGHT = 0.05;

/** The similarity of the windows either side of each gap (gap i sits before sentence i). */
export function gapSimilarities(vectors: readonly TermVector[], window = WINDOW): number[] {
  const sims: number[] = [0];
  for (let i = 1; i < vectors.length; i += 1) {
    const left = sumVectors(vectors.slice(Math.max(0, i - window), i));
    const right = sumVectors(vectors.slice(i, i + window));
    sims.push(cosine(left, right));
  }
  return sims;
}

/** How deep each gap's dip is: the climb to the highest similarity on its left plus that on its right. */
export function depthScores(sims: readonly number[]): number[] {
  return sims.map((sim, i) => {
    if (i === 0) return 0;
    let left = sim;
    for (let j = i - 1; j >= 1 && (sims[j] ?? 0) >= left; j -= 1) left = sims[j] ?? 0;
    let right = sim;
    for (let j = i + 1; j < sims.length && (sims[j] ?? 0) >= right; j += 1) right = sims[j] ?? 0;
    return left - sim + (right - sim);
  });
}

export function minChapterSeconds(duration: number): number {
  return Math.min(MAX_MIN_CHAPTER_S, Math.max(MIN_CHAPTER_S, duration * MIN_SHARE));
}

/** At most one chapter per 25 seconds, between three and eight. */
export function maxChapters(duration: number): number {
  return Math.min(MAX_CHAPTERS, Math.max(3, Math.round(duration / 25)));
}

/**
 * Each gap's case for a chapter start: its depth, plus a little for the pause before it (a speaker
 * draws breath before a new subject), so speech with little shared vocabulary still splits at pauses.
 */
function boundaryScores(sentences: readonly Sentence[]): number[] {
  const depths = depthScores(gapSimilarities(tfidfVectors(sentences)));
  return depths.map((depth, i) => {
    if (i === 0) return 0;
    const pause = (sentences[i]?.start ?? 0) - (sentences[i - 1]?.end ?? 0);
    return depth + PAUSE_WEIGHT * Math.min(Math.max(pause, 0), 3);
  });
}

/** Sentence indexes where a chapter starts (0 first), strongest boundaries first, each chapter long enough. */
export function chapterStarts(sentences: readonly Sentence[], duration: number): number[] {
  const scores = boundaryScores(sentences);
  const positive = scores.filter((d) => d > 0);
  const mean = positive.reduce((a, b) => a + b, 0) / Math.max(positive.length, 1);
  const minLength = minChapterSeconds(duration);
  const at = (i: number) => (i >= sentences.length ? duration : (sentences[i]?.start ?? 0));
  const starts = [0];
  const candidates = scores.map((score, i) => ({ score, i })).filter((c) => c.i > 0 && c.score > 0 && c.score >= mean);
  for (const { i } of candidates.sort((a, b) => b.score - a.score)) {
    if (starts.length >= maxChapters(duration)) break;
    const sorted = [...starts, sentences.length].sort((a, b) => a - b);
    const next = sorted.find((s) => s > i) ?? sentences.length;
    const previous = sorted.filter((s) => s < i).at(-1) ?? 0;
    if (at(i) - (previous === 0 ? 0 : at(previous)) >= minLength && at(next) - at(i) >= minLength) starts.push(i);
  }
  return starts.sort((a, b) => a - b);
}

/**
 * A chapter's title: its most telling key phrase not used by an earlier chapter when that phrase
 * recurs and holds several words (or is one word said again and again), else the head of its most
 * representative sentence; '' when that is only stop words ('This take went right' heads 'This').
 */
function chapterTitle(part: readonly Sentence[], used: Set<string>): string {
  const phrases = withoutFragments(extractKeyPhrases(part).phrases).filter((p) => !used.has(p.stems.join(' ')));
  const multiWord = (p: KeyPhrase) => p.stems.length > 1 && (p.count > 1 || part.length === 1);
  const best = distinctPhrases(phrases.filter(multiWord), 1)[0] ?? phrases.find((p) => p.count >= SINGLE_WORD_REPEATS);
  if (best) used.add(best.stems.join(' '));
  const title = phraseTitle(best?.text ?? null, summarise(part, 1)[0]?.text ?? part[0]?.text ?? '');
  return isMeaningfulTitle(title) ? title : '';
}

/** Chapters with start times, for transcripts with word times (none for plain text). */
export function findChapters(sentences: readonly Sentence[], duration: number): Chapter[] {
  if (sentences.length === 0 || sentences.some((s) => s.start === null)) return [];
  const starts = chapterStarts(sentences, duration);
  const used = new Set<string>();
  return starts.map((first, k) => {
    const part = sentences.slice(first, starts[k + 1] ?? sentences.length);
    return { start: k === 0 ? 0 : (sentences[first]?.start ?? 0), title: chapterTitle(part, used) };
  });
}
