import { normaliseText } from './detection/normalise.ts';

/** Words compared as a listener would: case, punctuation and accents ignored. */
export function werWords(text: string): string[] {
  return normaliseText(text).split(' ').filter(Boolean);
}

/** Edit distance over word arrays (substitutions, insertions, deletions all cost 1), two rows of memory. */
export function wordEditDistance(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}

/** Word error rate: edits needed to turn the hypothesis into the reference, over the reference's length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = werWords(reference);
  const hyp = werWords(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  return wordEditDistance(ref, hyp) / ref.length;
}
