/*
 * What the extractive engine can honour of a template's AI instructions (free text written for a
 * language model). It understands: things to include ('include X', 'mention "X"', 'always use X'),
 * a start ('start with "X"'), and length limits ('under 60 characters', 'max 3 sentences', 'at most
 * 8 tags', '10 words'). Tone and style words ('funny', 'professional') cannot apply to quoted
 * sentences and are ignored.
 */

export interface InstructionRules {
  include: string[];
  prefix: string | null;
  maxChars: number | null;
  maxWords: number | null;
  maxSentences: number | null;
  maxItems: number | null;
}

const LIMIT =
  /(?:under|below|less than|fewer than|max(?:imum)?|at most|no more than|up to|within|limit(?: of)?|keep (?:it )?(?:to|under))\s*:?\s*(\d{1,4})\s*(characters?|chars?|words?|sentences?|tags?|keywords?)/gi;
const INCLUDE =
  /\b(?:include|mention|use|add|contain|feature)s?\b\s+(?:the\s+(?:word|phrase|name|tag)s?\s+)?(?:"([^"]+)"|'([^']+)'|“([^”]+)”|([\p{L}\p{N}][\p{L}\p{N}&+#'-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}&+#'-]*)*))/giu;
const PREFIX = /\b(?:start|begin|prefix)s?\s+(?:it\s+|the title\s+)?with\s+(?:"([^"]+)"|'([^']+)'|“([^”]+)”)/i;
/** Words that follow 'use'/'add' in instructions but are not things to put in the output. */
const NOT_CONTENT = new Set([
  'a',
  'an',
  'the',
  'emojis',
  'emoji',
  'hashtags',
  'bullet',
  'bullets',
  'lowercase',
  'uppercase',
  'title',
  'case',
  'keywords',
  'humor',
  'humour',
  'it',
  'them',
  'this',
  'that',
]);

export function parseInstructions(text: string | null | undefined): InstructionRules {
  const rules: InstructionRules = { include: [], prefix: null, maxChars: null, maxWords: null, maxSentences: null, maxItems: null };
  if (!text) return rules;
  for (const m of text.matchAll(LIMIT)) {
    const n = Number(m[1]);
    const unit = (m[2] ?? '').toLowerCase();
    if (unit.startsWith('char')) rules.maxChars = n;
    else if (unit.startsWith('word')) rules.maxWords = n;
    else if (unit.startsWith('sentence')) rules.maxSentences = n;
    else rules.maxItems = n;
  }
  const prefix = PREFIX.exec(text);
  if (prefix) rules.prefix = (prefix[1] ?? prefix[2] ?? prefix[3] ?? '').trim() || null;
  for (const m of text.matchAll(INCLUDE)) {
    const value = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim().replace(/[.,;:]+$/, '');
    if (!value || NOT_CONTENT.has(value.toLowerCase().split(/\s+/)[0] ?? '')) continue;
    if (rules.prefix && value.toLowerCase() === rules.prefix.toLowerCase()) continue;
    if (!rules.include.some((v) => v.toLowerCase() === value.toLowerCase())) rules.include.push(value);
  }
  return rules;
}
