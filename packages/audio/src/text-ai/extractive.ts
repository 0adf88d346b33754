import { acceptAiText, acceptAiTitle, AI_TEXT, mergeTags } from '@ppp/contracts';
import { NOTHING_FOUND_ANSWER, type CommandContext, type TagsContext, type TextAiContext, type TextAiEngine } from './engine.ts';
import { parseInstructions, type InstructionRules } from './instructions.ts';
import { findChapters } from './chapters.ts';
import { distinctPhrases, extractKeyPhrases, isStopword, stem, type KeyPhrase } from './keyphrases.ts';
import { transcriptSentences, type Sentence } from './sentences.ts';
import { formatShowNotes } from './show-notes.ts';
import { summarise, summaryLength } from './summary.ts';
import { announcedSubject, keyTopics, MAX_TOPICS, MIN_TOPICS, phraseTitle, sentenceHead, titleCase } from './topics.ts';

/*
 * The default text-AI engine: no model, only the transcript. A title is the top key phrase (or the
 * head of the most representative sentence), notes are a summary, key topics and chapters, tags are key phrases that occur in the
 * transcript, and Intern answers quote the most relevant sentences (and say they are quotes).
 */

export interface ExtractiveOptions {
  /** Sentences in the notes when the instructions give no limit. */
  noteSentences?: number;
  /** Tags generated before the always-include ones are merged. */
  tagCount?: number;
}

const MIN_NOTE_WORDS = 6;
const MAX_NOTE_WORDS = 45;

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

/** Sentences long enough to stand alone in notes (pause-split speech leaves fragments), or all of them. */
function notePool(sentences: readonly Sentence[]): Sentence[] {
  const usable = sentences.filter((s) => s.tokens.length >= MIN_NOTE_WORDS && s.tokens.length <= MAX_NOTE_WORDS);
  return usable.length >= 2 ? usable : [...sentences];
}

/** Cut a phrase to the instructions' word and character limits at a word boundary. */
function fitPhrase(text: string, rules: Pick<InstructionRules, 'maxChars' | 'maxWords'>): string {
  const limit = Math.min(AI_TEXT.titleLengthLimit - 1, rules.maxChars ?? Infinity);
  let words = text.split(' ').slice(0, rules.maxWords ?? undefined);
  while (words.length > 1 && words.join(' ').length > limit) words = words.slice(0, -1);
  return words.join(' ').slice(0, Math.max(0, limit));
}

/**
 * A title is one phrase: the subject the host announces ('today we are talking about home
 * composting'), else the episode's strongest multi-word topic (recurring first), else the head of its most
 * representative sentence; never two keywords joined.
 */
export function extractiveTitle(context: TextAiContext): string | null {
  const { sentences, phrases, rules } = analyse(context);
  const summary = summarise(notePool(sentences), 3);
  const announced = summary.find((s) => announcedSubject(s.text) !== null);
  const topics = keyTopics(phrases, 3).filter((p) => p.stems.length > 1);
  const topic = topics.find((p) => p.count > 1) ?? topics[0];
  const phrase = announced
    ? titleCase(sentenceHead(announced.text))
    : phraseTitle(topic?.text ?? null, summarise(notePool(sentences), 1)[0]?.text ?? '');
  const lead = [rules.prefix, ...rules.include.filter((inc) => !phrase.toLowerCase().includes(inc.toLowerCase()))].filter(
    (s): s is string => Boolean(s),
  );
  if (!lead.length) return acceptAiTitle(fitPhrase(phrase, rules));
  const head = lead.join(' ').replace(/[:\s]+$/, '');
  const room = Math.min(AI_TEXT.titleLengthLimit - 1, rules.maxChars ?? Infinity) - head.length - 2;
  const body = fitPhrase(phrase, {
    maxChars: Math.max(0, room),
    maxWords: rules.maxWords ? rules.maxWords - head.split(' ').length : null,
  });
  return acceptAiTitle(body && room > 0 ? `${head}: ${body}` : head);
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

/** A short description when the instructions limit the length ('shorten', 'max 2 sentences', '300 characters'). */
function wantsShortText(rules: InstructionRules): boolean {
  return rules.maxChars !== null || rules.maxWords !== null || (rules.maxSentences !== null && rules.maxSentences <= 2);
}

/** Summary sentences as text, dropped from the end until the instructions' limits fit. */
function fitSummary(chosen: readonly Sentence[], rules: InstructionRules): string[] {
  let notes = chosen.map((s) => s.text);
  const tooLong = (parts: string[]) =>
    (rules.maxChars !== null && parts.join(' ').length > rules.maxChars) ||
    (rules.maxWords !== null && parts.join(' ').split(' ').length > rules.maxWords);
  while (notes.length > 1 && tooLong(notes)) notes = notes.slice(0, -1);
  return [...(rules.prefix ? [rules.prefix] : []), ...notes];
}

/**
 * Show notes: a summary of the two or three most representative sentences in reading order, the key
 * topics, and chapters with start times (HTML the podcast sanitizer keeps). A length limit in the
 * instructions asks for a short description: the summary alone, as text.
 */
export function extractiveNotes(context: TextAiContext, options: ExtractiveOptions = {}): string | null {
  const { sentences, phrases, rules } = analyse(context);
  const pool = notePool(sentences);
  const wanted = rules.maxSentences ?? options.noteSentences ?? summaryLength(pool.length);
  // A sentence naming what the instructions ask to mention wins its place outright.
  const named = pool.filter((s) => rules.include.some((inc) => s.text.toLowerCase().includes(inc.toLowerCase())));
  const ranked = summarise(pool, wanted);
  const chosen = [...named, ...ranked.filter((s) => !named.includes(s))].slice(0, wanted).sort((a, b) => a.index - b.index);
  const summary = fitSummary(chosen, rules);
  const missing = rules.include.filter((inc) => !summary.join(' ').toLowerCase().includes(inc.toLowerCase()));
  if (wantsShortText(rules)) {
    const text = summary.join(' ');
    return acceptAiText(missing.length ? `${text} Topics: ${missing.join(', ')}.` : text);
  }
  const topics = [...missing, ...keyTopics(phrases, MAX_TOPICS - Math.min(missing.length, MAX_TOPICS - MIN_TOPICS)).map((p) => p.text)];
  const duration = durationOf(context.transcript, sentences);
  return acceptAiText(formatShowNotes({ summary, topics, chapters: findChapters(sentences, duration), duration }));
}

function durationOf(transcript: TextAiContext['transcript'], sentences: readonly Sentence[]): number {
  const spoken = sentences.at(-1)?.end ?? 0;
  return typeof transcript === 'string' ? 0 : Math.max(transcript.duration_s ?? 0, spoken);
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
