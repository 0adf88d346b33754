import { distinctPhrases, isStopword, type KeyPhrase } from './keyphrases.ts';
import { phraseRoles } from './pos.ts';

/*
 * Key topics and phrase titles from RAKE key phrases. Speech without part-of-speech tags still
 * yields verb and adverb runs ('turn', 'honestly'); a topic that recurs or holds more than one word
 * is preferred, and adverbs and bare participles are left out, so what remains reads as noun phrases.
 */

export const MIN_TOPICS = 3;
export const MAX_TOPICS = 6;
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);
/** Words of a title when it is the head of a sentence. */
const HEAD_WORDS = 7;

export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Adverbs ('honestly') and participles ('turning', 'disposed') rarely name a topic on their own. */
function nounLike(phrase: KeyPhrase): boolean {
  const last = phrase.text.split(' ').at(-1) ?? '';
  if (phrase.stems.length > 1) return !/ly$/.test(last);
  return !/(ly|ing|ed)$/.test(last);
}

const contains = (outer: readonly string[], inner: readonly string[]) =>
  ` ${outer.join(' ')} `.includes(` ${inner.join(' ')} `) && outer.length > inner.length;

/** Phrases that are only ever said inside a longer one ('thumb radio' of 'green thumb radio') left out. */
export function withoutFragments(phrases: readonly KeyPhrase[]): KeyPhrase[] {
  return phrases.filter((p) => !phrases.some((longer) => longer.count >= p.count && contains(longer.stems, p.stems)));
}

/** Three to six distinct key phrases: recurring or multi-word noun-like ones first. */
export function keyTopics(all: readonly KeyPhrase[], max = MAX_TOPICS): KeyPhrase[] {
  const phrases = withoutFragments(all);
  const strong = phrases.filter((p) => nounLike(p) && (p.count > 1 || p.stems.length > 1));
  const picked = distinctPhrases(strong, max);
  if (picked.length >= MIN_TOPICS) return picked;
  const rest = phrases.filter((p) => nounLike(p) && !picked.includes(p));
  return distinctPhrases([...picked, ...rest], Math.min(max, MIN_TOPICS));
}

/** How hosts announce a subject ('today we are talking about ...'): what follows is the subject. */
const FRAMING =
  /^(?:(?:so|and|now|today|this week|in this episode)[, ]+)*(?:we are|we're|i am|i'm|we will|we'll|let's|we're going to|we are going to)\s+(?:be\s+)?(?:talking|talk|chatting|chat|looking|look|diving|dive)\s+(?:about|into|at)\s+/i;

/** The subject a sentence announces, or null when it announces none. */
export function announcedSubject(sentence: string): string | null {
  const match = FRAMING.exec(sentence);
  return match ? sentence.slice(match[0].length) : null;
}

/**
 * The opening words of a sentence as a phrase: the announced subject when there is one, up to
 * seven words, stopping at a clause break and ending on a noun or gerund where one is near.
 */
export function sentenceHead(sentence: string): string {
  const subject = announcedSubject(sentence) ?? sentence;
  const clause = subject.replace(/[.!?]+$/, '').split(/,|;| and why | because | so that |(?<=\S+ \S+.*) and /)[0] ?? subject;
  const words = clause.trim().split(/\s+/).slice(0, HEAD_WORDS);
  const roles = phraseRoles(words.map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, '')));
  // A gerund at the end names an activity ('home composting'); a finite verb leaves the phrase hanging.
  const lastNoun = roles.findLastIndex((role, i) => role === 'noun' || /ing$/i.test(words[i] ?? ''));
  const kept = lastNoun >= 1 ? words.slice(0, lastNoun + 1) : words;
  while (kept.length > 1 && isStopword((kept.at(-1) ?? '').toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''))) kept.pop();
  const head = kept.join(' ');
  return head.charAt(0).toUpperCase() + head.slice(1);
}

/** A title means something when it holds a word that is not a stop word ('This', 'Welcome' do not). */
export function isMeaningfulTitle(title: string): boolean {
  return title
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}']/gu, ''))
    .some((word) => word !== '' && !isStopword(word));
}

/** A title: the key phrase title-cased, or the head of a sentence (in sentence case) when there is no phrase. */
export function phraseTitle(phrase: string | null, fallbackSentence: string): string {
  return phrase ? titleCase(phrase) : sentenceHead(fallbackSentence);
}
