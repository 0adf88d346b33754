import { acceptAiText, acceptAiTitle, AI_TEXT, mergeTags } from '@ppp/contracts';
import { NOTHING_FOUND_ANSWER, type CommandContext, type TagsContext, type TextAiContext, type TextAiEngine } from './engine.ts';
import { parseInstructions, type InstructionRules } from './instructions.ts';
import { distinctPhrases, extractKeyPhrases, isStopword, stem, type KeyPhrase } from './keyphrases.ts';
import { transcriptSentences, type Sentence } from './sentences.ts';

/*
 * The default text-AI engine: no model, only the transcript. Titles come from the top key phrases,
 * notes are the highest-ranked sentences in spoken order, tags are key phrases that occur in the
 * transcript, and Intern answers quote the most relevant sentences (and say they are quotes).
 */

export interface ExtractiveOptions {
  /** Sentences in the notes when the instructions give no limit. */
  noteSentences?: number;
  /** Tags generated before the always-include ones are merged. */
  tagCount?: number;
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);
const MIN_NOTE_WORDS = 6;
const MAX_NOTE_WORDS = 45;

export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

function analyse(context: TextAiContext): {
  sentences: Sentence[];
  phrases: KeyPhrase[];
  wordScores: Map<string, number>;
  rules: InstructionRules;
} {
  const sentences = transcriptSentences(context.transcript);
  const { phrases, wordScores } = extractKeyPhrases(sentences);
  return { sentences, phrases, wordScores, rules: parseInstructions(context.instructions) };
}

function limitWords(text: string, maxWords: number | null): string {
  if (!maxWords) return text;
  return text.split(' ').slice(0, maxWords).join(' ');
}

function fitTitle(parts: string[], rules: InstructionRules): string {
  const limit = Math.min(AI_TEXT.titleLengthLimit - 1, rules.maxChars ?? Infinity);
  let title = '';
  for (const part of parts) {
    const candidate = title ? `${title} and ${part}` : part;
    if (limitWords(candidate, rules.maxWords) !== candidate || candidate.length > limit) break;
    title = candidate;
  }
  return title || (parts[0] ?? '').slice(0, limit);
}

export function extractiveTitle(context: TextAiContext): string | null {
  const { phrases, rules } = analyse(context);
  const top = distinctPhrases(phrases, 2).map((p) => titleCase(p.text));
  const lead = [rules.prefix, ...rules.include.filter((inc) => !top.some((t) => t.toLowerCase().includes(inc.toLowerCase())))].filter(
    (s): s is string => Boolean(s),
  );
  let body = fitTitle(top, rules);
  if (lead.length) {
    const head = lead.join(' ').replace(/[:\s]+$/, '');
    const room = Math.min(AI_TEXT.titleLengthLimit - 1, rules.maxChars ?? Infinity) - head.length - 2;
    body = fitTitle(top, {
      ...rules,
      maxChars: Math.max(0, room),
      maxWords: rules.maxWords ? rules.maxWords - head.split(' ').length : null,
    });
    return acceptAiTitle(body ? `${head}: ${body}` : head);
  }
  return acceptAiTitle(body);
}

function rankSentences(
  sentences: readonly Sentence[],
  wordScores: Map<string, number>,
  focus: ReadonlySet<string> | null = null,
  mustMention: readonly string[] = [],
): { sentence: Sentence; score: number }[] {
  // Rarer command words say more about what is asked ('turn' over 'compost' in a composting episode).
  const df = new Map<string, number>();
  for (const sentence of sentences) for (const s of new Set(sentence.tokens.map(stem))) df.set(s, (df.get(s) ?? 0) + 1);
  const weight = (s: string) => Math.log(1 + sentences.length / (df.get(s) ?? 1));
  return sentences.map((sentence) => {
    // A sentence naming what the instructions ask to mention wins its place outright.
    const mentions = mustMention.filter((m) => sentence.text.toLowerCase().includes(m.toLowerCase())).length * 1000;
    const content = sentence.tokens.filter((t) => !isStopword(t)).map(stem);
    const base = content.reduce((sum, s) => sum + (wordScores.get(s) ?? 0), 0) / Math.sqrt(Math.max(sentence.tokens.length, 1));
    const focusHits = focus ? [...new Set(content.filter((s) => focus.has(s)))].reduce((sum, s) => sum + weight(s), 0) : 0;
    return { sentence, score: mentions + (focus ? focusHits * 10 + base / 10 : base) };
  });
}

export function extractiveNotes(context: TextAiContext, options: ExtractiveOptions = {}): string | null {
  const { sentences, wordScores, rules } = analyse(context);
  const wanted = rules.maxSentences ?? options.noteSentences ?? 4;
  const usable = sentences.filter((s) => s.tokens.length >= MIN_NOTE_WORDS && s.tokens.length <= MAX_NOTE_WORDS);
  const pool = usable.length >= Math.min(wanted, 2) ? usable : sentences;
  const chosen = rankSentences(pool, wordScores, null, rules.include)
    .sort((a, b) => b.score - a.score)
    .slice(0, wanted)
    .map((r) => r.sentence)
    .sort((a, b) => a.index - b.index);
  // Drop from the least relevant end until the limits fit; the order stays as spoken.
  let notes = chosen.map((s) => s.text);
  const tooLong = (parts: string[]) =>
    (rules.maxChars !== null && parts.join(' ').length > rules.maxChars) ||
    (rules.maxWords !== null && parts.join(' ').split(' ').length > rules.maxWords);
  while (notes.length > 1 && tooLong(notes)) notes = notes.slice(0, -1);
  const missing = rules.include.filter((inc) => !notes.join(' ').toLowerCase().includes(inc.toLowerCase()));
  const text = [...(rules.prefix ? [rules.prefix] : []), ...notes].join(' ');
  return acceptAiText(missing.length ? `${text} Topics: ${missing.join(', ')}.` : text);
}

export function extractiveTags(context: TagsContext, options: ExtractiveOptions = {}): string[] {
  const { phrases, rules } = analyse(context);
  const count = Math.min(context.maxTags ?? rules.maxItems ?? options.tagCount ?? 10, AI_TEXT.maxTags);
  const generated = [
    ...rules.include,
    ...distinctPhrases(
      phrases.filter((p) => p.text.length <= AI_TEXT.maxTagLength),
      count,
    ).map((p) => p.text),
  ];
  return mergeTags(generated, { alwaysInclude: context.alwaysInclude, maxTags: context.maxTags ?? AI_TEXT.maxTags });
}

const NEARBY_S = 120;
/** Enough to carry an answer when read out, short enough to stay one thought. */
const ANSWER_SENTENCES = 3;

export function extractiveAnswer(command: string, context: CommandContext): { text: string; found: boolean } {
  const sentences = transcriptSentences(context.transcript);
  const focus = new Set(
    command
      .toLowerCase()
      .match(/[\p{L}\p{N}']+/gu)
      ?.filter((t) => !isStopword(t))
      .map(stem) ?? [],
  );
  if (focus.size === 0) return { text: NOTHING_FOUND_ANSWER, found: false };
  const { wordScores } = extractKeyPhrases(sentences);
  // The command's own sentence echoes its words; it is not an answer.
  const commandTokens = command.toLowerCase();
  const ranked = rankSentences(sentences, wordScores, focus)
    .filter((r) => r.score >= 5 && !r.sentence.text.toLowerCase().includes(commandTokens.slice(0, 40)))
    .map((r) => {
      const near =
        context.atSeconds !== undefined && r.sentence.start !== null && Math.abs(r.sentence.start - context.atSeconds) <= NEARBY_S;
      return { ...r, score: r.score + (near ? 2 : 0) };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, ANSWER_SENTENCES)
    .sort((a, b) => a.sentence.index - b.sentence.index);
  if (ranked.length === 0) return { text: NOTHING_FOUND_ANSWER, found: false };
  return { text: ranked.map((r) => r.sentence.text).join(' '), found: true };
}

export function createExtractiveEngine(options: ExtractiveOptions = {}): TextAiEngine {
  return {
    id: 'extractive',
    label: 'Extractive (key phrases and sentences from the transcript)',
    async available() {
      return true;
    },
    async generateTitle(context) {
      return extractiveTitle(context);
    },
    async generateNotes(context) {
      return extractiveNotes(context, options);
    },
    async generateTags(context) {
      return extractiveTags(context, options);
    },
    async answerCommand(command, context) {
      const { text, found } = extractiveAnswer(command, context);
      return { text, found, method: 'extractive' };
    },
  };
}
