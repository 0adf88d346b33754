import nlp from 'compromise';

/*
 * Parts of speech from compromise (a rule-and-lexicon tagger that needs no model and copes with the
 * bare lowercase words pocketsphinx gives), reduced to what key phrases need: a topic is a run of
 * adjectives and nouns that ends in a noun ('compost pile', 'john dashwood'), never a verb ('turns')
 * or an adverb ('honestly').
 */

export type PhraseRole = 'noun' | 'adjective' | 'other';

function roleOf(tags: readonly string[]): PhraseRole {
  if (tags.includes('Noun') && !tags.includes('Pronoun')) return 'noun';
  if (tags.includes('Adjective')) return 'adjective';
  return 'other';
}

/**
 * Tagging costs about 2 ms a sentence, and notes, title, tags and each chapter read the same
 * sentences again: roles are remembered by sentence (bounded, cleared when full).
 */
const remembered = new Map<string, PhraseRole[]>();
const REMEMBER_MAX = 20_000;

/** Each token's role in its sentence; a token the tagger split differently counts as a noun. */
export function phraseRoles(tokens: readonly string[]): PhraseRole[] {
  const key = tokens.join(' ');
  const known = remembered.get(key);
  if (known) return known;
  if (remembered.size >= REMEMBER_MAX) remembered.clear();
  const roles = tagTokens(tokens);
  remembered.set(key, roles);
  return roles;
}

function tagTokens(tokens: readonly string[]): PhraseRole[] {
  const roles = new Map<string, PhraseRole>();
  const terms = nlp(tokens.join(' ')).terms().json() as { terms: { text: string; tags: string[] }[] }[];
  for (const term of terms.flatMap((t) => t.terms)) {
    const key = term.text.toLowerCase();
    if (!roles.has(key)) roles.set(key, roleOf(term.tags));
  }
  return tokens.map((token) => roles.get(token) ?? 'noun');
}
