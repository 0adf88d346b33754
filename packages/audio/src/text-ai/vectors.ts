import { isStopword, stem } from './keyphrases.ts';
import type { Sentence } from './sentences.ts';

/** A bag of content-word stems with weights (a sparse vector). */
export type TermVector = Map<string, number>;

/** The stems of a sentence's content words (stop words, fillers and short tokens dropped). */
export function contentStems(sentence: Pick<Sentence, 'tokens'>): string[] {
  return sentence.tokens.filter((t) => !isStopword(t)).map(stem);
}

/** Inverse document frequency of each stem over the sentences (a rare word tells more about a sentence). */
export function inverseFrequencies(sentences: readonly Sentence[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const sentence of sentences) for (const s of new Set(contentStems(sentence))) df.set(s, (df.get(s) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [s, n] of df) idf.set(s, Math.log(1 + sentences.length / n));
  return idf;
}

/** Term frequency times inverse document frequency, one vector per sentence. */
export function tfidfVectors(sentences: readonly Sentence[], idf = inverseFrequencies(sentences)): TermVector[] {
  return sentences.map((sentence) => {
    const vector: TermVector = new Map();
    for (const s of contentStems(sentence)) vector.set(s, (vector.get(s) ?? 0) + (idf.get(s) ?? 0));
    return vector;
  });
}

/** The element-wise sum of vectors (a window's or a document's vocabulary). */
export function sumVectors(vectors: readonly TermVector[]): TermVector {
  const total: TermVector = new Map();
  for (const vector of vectors) for (const [k, v] of vector) total.set(k, (total.get(k) ?? 0) + v);
  return total;
}

/** Norms are asked for again and again by TextRank's n² comparisons: each is computed once per vector. */
const norms = new WeakMap<TermVector, number>();
function norm(vector: TermVector): number {
  let value = norms.get(vector);
  if (value === undefined) {
    value = Math.sqrt([...vector.values()].reduce((sum, v) => sum + v * v, 0));
    norms.set(vector, value);
  }
  return value;
}

export function cosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [k, v] of small) dot += v * (large.get(k) ?? 0);
  return dot === 0 ? 0 : dot / (norm(a) * norm(b));
}
