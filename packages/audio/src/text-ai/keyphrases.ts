import stopword from 'stopword';
import { phraseRoles, type PhraseRole } from './pos.ts';
import type { Sentence } from './sentences.ts';

/*
 * RAKE-style key phrases (Rose et al., 2010): candidate phrases are the runs of words between stop
 * words; a phrase scores by how often its words occur and how often it recurs. Podcast speech needs
 * conversational stop words on top of the usual list ('yeah', 'gonna', 'basically'), which retext-keywords
 * (noun-only) and plain RAKE lack, so the scoring is ours and the stop word lists come from `stopword`.
 */

const SPOKEN_STOPWORDS = [
  'yeah',
  'yes',
  'okay',
  'ok',
  'oh',
  'um',
  'uh',
  'erm',
  'hmm',
  'like',
  'just',
  'really',
  'actually',
  'basically',
  'literally',
  'gonna',
  'wanna',
  'gotta',
  'kinda',
  'sorta',
  'thing',
  'things',
  'stuff',
  'lot',
  'lots',
  'bit',
  'kind',
  'sort',
  'way',
  'know',
  'think',
  'mean',
  'guess',
  'say',
  'says',
  'said',
  'get',
  'got',
  'getting',
  'go',
  'goes',
  'going',
  'went',
  'come',
  'comes',
  'make',
  'makes',
  'made',
  'need',
  'want',
  'let',
  "let's",
  'right',
  'well',
  'also',
  'maybe',
  'pretty',
  'much',
  'many',
  'every',
  'one',
  'two',
  'something',
  'anything',
  'everything',
  'someone',
  'people',
  'today',
  'now',
  'still',
  'even',
  'back',
  'welcome',
  'show',
  'episode',
  'podcast',
  'talk',
  'talking',
  'talked',
  'next',
  'week',
  'time',
  'good',
  'great',
  'sure',
  'thanks',
  'thank',
  "it's",
  "that's",
  "there's",
  "i'm",
  "you're",
  "we're",
  "they're",
  "don't",
  "doesn't",
  "didn't",
  "can't",
  "won't",
  "isn't",
  "we'll",
  "i've",
  "you've",
  "we've",
  'does',
  'did',
  'doing',
  'done',
  'easier',
  'most',
  'biggest',
  'first',
  'last',
  'will',
];

const STOPWORDS = new Set([...stopword.eng, ...SPOKEN_STOPWORDS].map((w) => w.toLowerCase()));

export function isStopword(token: string): boolean {
  return STOPWORDS.has(token) || /^\d+$/.test(token) || token.length < 3;
}

/** A light English stem so 'bins' and 'bin', 'composting' and 'compost' count together. */
export function stem(token: string): string {
  let t = token.replace(/'s$/, '');
  if (t.length > 5 && t.endsWith('ies')) t = `${t.slice(0, -3)}y`;
  else if (t.length > 6 && t.endsWith('ing')) t = t.slice(0, -3);
  else if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('us')) t = t.slice(0, -1);
  return t;
}

export interface KeyPhrase {
  /** As spoken most often (lowercase). */
  text: string;
  stems: string[];
  score: number;
  count: number;
  /** Index of the first sentence it occurs in. */
  firstSentence: number;
}

const MAX_PHRASE_WORDS = 3;

/**
 * Every run of 1 to 3 content words between stop words that reads as a noun phrase: adjectives and
 * nouns ending in a noun (a spoken run is rarely one phrase, and 'turns slimy' is no topic).
 */
function candidates(sentence: Sentence): string[][] {
  const roles = phraseRoles(sentence.tokens);
  const grams: string[][] = [];
  let run: string[] = [];
  let runRoles: PhraseRole[] = [];
  const close = () => {
    for (let i = 0; i < run.length; i += 1) {
      for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= run.length; n += 1) {
        if (runRoles[i + n - 1] === 'noun') grams.push(run.slice(i, i + n));
      }
    }
    run = [];
    runRoles = [];
  };
  sentence.tokens.forEach((token, i) => {
    const role = roles[i] ?? 'noun';
    if (isStopword(token) || role === 'other') close();
    else {
      run.push(token);
      runRoles.push(role);
    }
  });
  close();
  return grams;
}

/**
 * Key phrases ranked best first, and the frequency of each content word's stem (for sentence
 * ranking). A phrase scores by the mean frequency of its words, a bonus per extra word, and how
 * often it recurs: 'compost pile' said six times beats 'compost' alone and 'healthy compost' once.
 */
export function extractKeyPhrases(sentences: readonly Sentence[]): { phrases: KeyPhrase[]; wordScores: Map<string, number> } {
  const wordFreq = new Map<string, number>();
  for (const sentence of sentences) {
    for (const token of sentence.tokens) if (!isStopword(token)) wordFreq.set(stem(token), (wordFreq.get(stem(token)) ?? 0) + 1);
  }
  const found = new Map<string, { forms: Map<string, number>; stems: string[]; count: number; first: number }>();
  for (const sentence of sentences) {
    for (const words of candidates(sentence)) {
      const stems = words.map(stem);
      const key = stems.join(' ');
      const entry = found.get(key) ?? { forms: new Map<string, number>(), stems, count: 0, first: sentence.index };
      entry.count += 1;
      const form = words.join(' ');
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
      found.set(key, entry);
    }
  }
  const phrases: KeyPhrase[] = [...found.values()].map((entry) => {
    const mean = entry.stems.reduce((sum, s) => sum + (wordFreq.get(s) ?? 0), 0) / entry.stems.length;
    // A longer phrase said once is a chance collocation, not a topic: the length bonus needs a repeat.
    const lengthBonus = entry.count > 1 ? 1 + 0.6 * (entry.stems.length - 1) : 1;
    const score = mean * lengthBonus * (1 + Math.log(entry.count));
    const text = [...entry.forms.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? entry.stems.join(' ');
    return { text, stems: entry.stems, score, count: entry.count, firstSentence: entry.first };
  });
  phrases.sort((a, b) => b.score - a.score || b.stems.length - a.stems.length || a.firstSentence - b.firstSentence);
  return { phrases, wordScores: wordFreq };
}

/** Top phrases with none repeating another's words (so 'compost pile' and 'compost' are not both kept). */
export function distinctPhrases(phrases: readonly KeyPhrase[], limit: number): KeyPhrase[] {
  const picked: KeyPhrase[] = [];
  for (const phrase of phrases) {
    if (picked.length >= limit) break;
    const overlaps = picked.some((p) => p.stems.some((s) => phrase.stems.includes(s)));
    if (!overlaps) picked.push(phrase);
  }
  return picked;
}
