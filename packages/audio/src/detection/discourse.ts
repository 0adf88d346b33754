import { RETAKES } from '@ppp/contracts';
import type { MatchWord } from './normalise.ts';

/*
 * Whether a filler that is also a real word ('like', 'you know') stands as a discourse marker here:
 * set apart by pauses (or punctuation in a supplied transcript), at a phrase start or followed by a
 * restart, and never right after a word that makes it part of the sentence: a subject or an
 * auxiliary ('I like bread', 'if you like it smooth', 'do you know'), a preposition or a verb that
 * takes it as its complement ('about like sea salt', 'looks like rain').
 */

/** Words after which the filler is the sentence's verb or preposition, not a marker. */
const BOUND_AFTER = new Set([
  // subjects
  'i',
  'you',
  'we',
  'they',
  'he',
  'she',
  'it',
  'who',
  'people',
  'everyone',
  'nobody',
  // auxiliaries and the infinitive
  'would',
  'wouldnt',
  'do',
  'dont',
  'does',
  'doesnt',
  'did',
  'didnt',
  'to',
  'will',
  'might',
  'could',
  'should',
  'can',
  'if',
  'whether',
  'what',
  'how',
  'as',
  // prepositions
  'about',
  'of',
  'for',
  'with',
  'at',
  'in',
  'on',
  'from',
  'by',
  // verbs and words that take 'like' as their complement
  'feel',
  'feels',
  'felt',
  'look',
  'looks',
  'looked',
  'sound',
  'sounds',
  'seem',
  'seems',
  'seemed',
  'something',
  'nothing',
  'anything',
  'more',
  'less',
  'just',
  'exactly',
  'much',
  'very',
  'really',
]);

const PUNCTUATED = /[,;:.?!…—–-]["')\]]*$/;

function setApartBefore(words: readonly MatchWord[], first: number): boolean {
  const head = words[first];
  const previous = words[first - 1];
  if (head === undefined) return false;
  if (previous === undefined) return true;
  return head.start - previous.end >= RETAKES.discoursePauseSeconds || PUNCTUATED.test(previous.raw);
}

function setApartAfter(words: readonly MatchWord[], last: number): boolean {
  const word = words[last];
  const next = words[last + 1];
  if (word === undefined) return false;
  if (next === undefined) return true;
  return next.start - word.end >= RETAKES.discoursePauseSeconds || PUNCTUATED.test(word.raw);
}

/** The words after the filler say again what came just before it ('we went, like, we went'). */
function restartsAfter(words: readonly MatchWord[], first: number, last: number): boolean {
  const next = words[last + 1];
  if (next === undefined) return false;
  return words.slice(Math.max(0, first - 3), first).some((word) => word.norm === next.norm);
}

/**
 * 0-1: how surely the filler at [first, first + count) is a discourse marker. 0 right after a word
 * that binds it into the sentence; 0.9 set apart before and after (or followed by a restart); 0.5
 * with one side only; 0.1 inside running speech.
 */
export function discourseConfidence(words: readonly MatchWord[], first: number, count: number): number {
  const last = first + count - 1;
  const previous = words[first - 1];
  if (previous !== undefined && BOUND_AFTER.has(previous.norm)) return 0;
  const before = setApartBefore(words, first);
  const after = setApartAfter(words, last) || restartsAfter(words, first, last);
  if (before && after) return 0.9;
  if (before || after) return 0.5;
  return 0.1;
}
