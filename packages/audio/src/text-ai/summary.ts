import type { Sentence } from './sentences.ts';
import { cosine, sumVectors, tfidfVectors, type TermVector } from './vectors.ts';

/*
 * An extractive summary: TextRank (Mihalcea and Tarau, 2004) over tf-idf sentence vectors, so a
 * sentence that shares its content words with many others ranks high, blended with the centroid
 * similarity (what the whole episode is about), a position prior (speakers state the topic early),
 * a length prior (a four-word fragment from a pause-split transcript is no summary) and less weight
 * for greetings and sign-offs. Each next sentence is chosen for its score less its likeness to those
 * already chosen (maximal marginal relevance), and the chosen ones are returned in reading order.
 */

const DAMPING = 0.85;
const ITERATIONS = 30;
/** Words in a sentence the length prior favours; shorter and much longer ones weigh less. */
const IDEAL_MIN_WORDS = 8;
const IDEAL_MAX_WORDS = 35;
/** Maximal marginal relevance: the weight of a sentence's own score against its likeness to those chosen. */
const MMR_LAMBDA = 0.7;
/** Greetings and sign-offs frame an episode; they do not say what it is about. */
const BOILERPLATE = /\b(welcome (back )?to|thanks for (listening|tuning)|subscribe|hey everyone|hi everyone|see you next)\b/i;

/** PageRank over the cosine-similarity graph of the sentences (plain loops: an hour of talk is a thousand sentences). */
export function textRank(vectors: readonly TermVector[]): number[] {
  const n = vectors.length;
  const weights = new Float64Array(n * n);
  const outSums = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const w = cosine(vectors[i]!, vectors[j]!);
      weights[i * n + j] = w;
      weights[j * n + i] = w;
      outSums[i] = outSums[i]! + w;
      outSums[j] = outSums[j]! + w;
    }
  }
  let ranks = new Float64Array(n).fill(1 / Math.max(n, 1));
  for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
    const next = new Float64Array(n);
    for (let j = 0; j < n; j += 1) {
      const share = outSums[j]! > 0 ? ranks[j]! / outSums[j]! : 0;
      for (let i = 0; i < n; i += 1) next[i] = next[i]! + weights[j * n + i]! * share;
    }
    ranks = next.map((inflow) => (1 - DAMPING) / n + DAMPING * inflow);
  }
  return [...ranks];
}

export function lengthPrior(words: number): number {
  if (words < IDEAL_MIN_WORDS) return Math.max(0.2, words / IDEAL_MIN_WORDS);
  if (words > IDEAL_MAX_WORDS) return Math.max(0.5, IDEAL_MAX_WORDS / words);
  return 1;
}

/** The opening fifth of an episode says what it is about more often than the rest. */
export function positionPrior(index: number, count: number): number {
  return 1 + 0.4 * Math.max(0, 1 - index / Math.max(1, count * 0.2));
}

/** Each sentence's score: TextRank and centroid similarity, weighed by the priors. */
export function scoreSentences(sentences: readonly Sentence[], vectors = tfidfVectors(sentences)): number[] {
  const ranks = textRank(vectors);
  const centroid = sumVectors(vectors);
  const maxRank = Math.max(...ranks, Number.EPSILON);
  return sentences.map((sentence, i) => {
    const relevance = 0.5 * ((ranks[i] ?? 0) / maxRank) + 0.5 * cosine(vectors[i] ?? new Map(), centroid);
    const framing = BOILERPLATE.test(sentence.text) ? 0.4 : 1;
    return relevance * framing * lengthPrior(sentence.tokens.length) * positionPrior(i, sentences.length);
  });
}

/** Two or three sentences: three once the episode has enough to choose from. */
export function summaryLength(sentenceCount: number): number {
  return sentenceCount >= 6 ? 3 : Math.min(2, sentenceCount);
}

/** The `count` most representative, mutually distinct sentences (maximal marginal relevance), in reading order. */
export function summarise(sentences: readonly Sentence[], count = summaryLength(sentences.length)): Sentence[] {
  const vectors = tfidfVectors(sentences);
  const scores = scoreSentences(sentences, vectors);
  const best = Math.max(...scores, Number.EPSILON);
  const chosen: number[] = [];
  while (chosen.length < Math.min(count, sentences.length)) {
    let pick = -1;
    let pickValue = -Infinity;
    sentences.forEach((_, i) => {
      if (chosen.includes(i)) return;
      const likeness = Math.max(0, ...chosen.map((j) => cosine(vectors[i] ?? new Map(), vectors[j] ?? new Map())));
      const value = MMR_LAMBDA * ((scores[i] ?? 0) / best) - (1 - MMR_LAMBDA) * likeness;
      if (value > pickValue) [pick, pickValue] = [i, value];
    });
    chosen.push(pick);
  }
  return chosen.sort((a, b) => a - b).map((i) => sentences[i]!);
}
