import type { TTranscript, TTranscriptWord } from '@ppp/contracts';

/** A sentence of the transcript, with where it was spoken when times are known. */
export interface Sentence {
  index: number;
  text: string;
  /** Lowercased word tokens (letters, digits, inner apostrophes and hyphens). */
  tokens: string[];
  start: number | null;
  end: number | null;
}

/*
 * Engines differ: whisper punctuates, pocketsphinx gives bare lowercase words. So a sentence ends at
 * terminal punctuation, at a pause of PAUSE_S or more, or after MAX_WORDS words at the next small
 * pause, so unpunctuated speech still splits where the speaker breathed.
 */
const PAUSE_S = 0.7;
const SOFT_PAUSE_S = 0.25;
const SOFT_MAX_WORDS = 30;
const MAX_WORDS = 50;
const FILLERS = new Set(['um', 'uh', 'erm', 'er', 'ah', 'hmm', 'mm', 'uhm']);

export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’]/g, "'")
      .match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? []
  ).filter((t) => t.length > 0);
}

/** Capital first letter and a full stop when the engine gave none; filler words dropped. */
export function tidySentence(words: readonly string[]): string {
  const kept = words.filter((w) => !FILLERS.has(w.toLowerCase().replace(/[^a-z]/g, '')));
  let text = kept
    .join(' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  text = text.replace(/^[,;:\s-]+/, '');
  if (!text) return '';
  text = text.charAt(0).toUpperCase() + text.slice(1);
  text = text.replace(/\bi\b/g, 'I').replace(/\bi'(m|ve|ll|d)\b/g, "I'$1");
  return /[.!?]["')\]]?$/.test(text) ? text : `${text.replace(/[,;:\s-]+$/, '')}.`;
}

function fromWords(words: readonly TTranscriptWord[]): Sentence[] {
  const sentences: Sentence[] = [];
  let current: TTranscriptWord[] = [];
  const flush = () => {
    const text = tidySentence(current.map((w) => w.text.trim()).filter(Boolean));
    if (text)
      sentences.push({
        index: sentences.length,
        text,
        tokens: tokenize(text),
        start: current[0]?.start ?? null,
        end: current.at(-1)?.end ?? null,
      });
    current = [];
  };
  words.forEach((word, i) => {
    current.push(word);
    const next = words[i + 1];
    const gap = next ? next.start - word.end : Infinity;
    const terminal = /[.!?]["')\]]?$/.test(word.text.trim());
    if (terminal || gap >= PAUSE_S || current.length >= MAX_WORDS || (current.length >= SOFT_MAX_WORDS && gap >= SOFT_PAUSE_S)) flush();
  });
  flush();
  return sentences;
}

function fromText(text: string): Sentence[] {
  const parts = text.replace(/\s+/g, ' ').match(/[^.!?]+(?:[.!?]+["')\]]?|$)/g) ?? [];
  return parts
    .map((part) => tidySentence(part.trim().split(' ')))
    .filter(Boolean)
    .map((sentence, index) => ({ index, text: sentence, tokens: tokenize(sentence), start: null, end: null }));
}

export function transcriptSentences(transcript: TTranscript | string): Sentence[] {
  return typeof transcript === 'string' ? fromText(transcript) : fromWords(transcript.words);
}

export function transcriptText(transcript: TTranscript | string): string {
  return typeof transcript === 'string' ? transcript : transcript.words.map((w) => w.text.trim()).join(' ');
}
