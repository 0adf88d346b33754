import { CLEANUP, type TAudioCleanupSettings, type TDetectionResult, type TSfxKeyword, type TTranscriptWord } from '@ppp/contracts';
import { detectCensoredWords } from './censor.ts';
import { detectFillers } from './fillers.ts';
import { detectFlubberMarkers } from './flubber.ts';
import { locateInternCommands } from './intern.ts';
import { toMatchWords, type MatchWord } from './normalise.ts';
import { locateLongPauses } from './pauses.ts';
import type { AcousticEvidence } from './evidence.ts';
import { detectSfxKeywords } from './sfx.ts';
import { detectRepeatedTakes } from './suggestions.ts';

export interface DetectableTranscript {
  words: readonly TTranscriptWord[];
  duration_s?: number | null;
  /**
   * Words known to be what was said, by index in words: 'all' for a supplied transcript, the
   * corrected ones after a creator's correction. The sound confirms them but never vetoes them.
   */
  trusted_words?: 'all' | readonly number[];
}

export interface DetectOptions {
  /** Threshold for the spoken commands (Flubber, Intern, sfx); the Flubber retry slider sets it. */
  fuzzyThreshold?: number;
  /** What the audio says (keyword hits, pauses, filler candidates, features): detectWithAudio gathers it. */
  evidence?: AcousticEvidence;
}

interface WordSpan {
  word_index: number;
  word_count: number;
}

/** Turns result spans (original word indices) back into MatchWord positions. */
function spanPositions(words: readonly MatchWord[]) {
  const positionOf = new Map(words.map((word, position) => [word.index, position]));
  return (span: WordSpan): number[] => {
    const first = positionOf.get(span.word_index);
    if (first === undefined) return [];
    return Array.from({ length: span.word_count }, (_, offset) => first + offset);
  };
}

/** Whether the word at a MatchWord position is one the transcript marks as known to be said. */
function trustedPositions(words: readonly MatchWord[], trustedWords: DetectableTranscript['trusted_words']) {
  if (trustedWords === 'all') return () => true;
  const indices = new Set(trustedWords ?? []);
  return (position: number) => indices.has(words[position]?.index ?? -1);
}

function touches(positions: readonly number[], claimed: ReadonlySet<number>): boolean {
  return positions.some((position) => claimed.has(position));
}

function found<T>(matches: T[]): { count: number; matches: T[] } {
  return { count: matches.length, matches };
}

/**
 * Everything spoken commands and cleanup settings find in one transcript, with counts.
 *
 * Overlaps: a word belongs to one spoken command. Flubber markers come first and an Intern command
 * stops before one; an sfx keyword inside a Flubber marker or an Intern command is part of that
 * command; a filler inside any command is not a filler (the prompt is left as spoken), nor is a
 * pause between two words of an Intern command. Censoring applies everywhere. Fillers, pauses and
 * censored words are only looked for when their setting is on.
 */
export function detectIntents(
  transcript: DetectableTranscript,
  settings: TAudioCleanupSettings,
  sfxKeywords: readonly TSfxKeyword[] = [],
  options: DetectOptions = {},
): TDetectionResult {
  const words = toMatchWords(transcript.words);
  const durationS = transcript.duration_s ?? null;
  const threshold = options.fuzzyThreshold ?? CLEANUP.defaultFuzzyThreshold;
  const positionsOf = spanPositions(words);
  const trusted = trustedPositions(words, transcript.trusted_words);

  const flubber = detectFlubberMarkers(words, settings.commands.flubber.trigger_keyword, threshold, durationS, options.evidence, trusted);
  const flubberPositions = new Set(flubber.flatMap(positionsOf));
  const located = locateInternCommands(words, settings.commands.intern, {
    threshold,
    durationS,
    barriers: flubberPositions,
    evidence: options.evidence,
    trusted,
  });
  const internPositions = new Set(located.flatMap(({ first, last }) => range(first, last)));
  const commandPositions = new Set([...flubberPositions, ...internPositions]);
  const sfx = detectSfxKeywords(words, sfxKeywords, threshold, options.evidence, trusted).filter(
    (hit) => !touches(positionsOf(hit), commandPositions),
  );
  for (const hit of sfx) for (const position of positionsOf(hit)) commandPositions.add(position);

  const fillers = settings.removeFillers
    ? detectFillers(words, settings.fillerWords, settings.fillerLeadTrimMs, options.evidence).filter(
        (filler) => !touches(positionsOf(filler), commandPositions) && !betweenCommandWords(filler, positionsOf, commandPositions),
      )
    : [];
  const pauses = settings.removePauses
    ? locateLongPauses(words, settings.maxPauseSeconds, settings.targetPauseSeconds)
        .filter(({ before, after }) => !(internPositions.has(before) && internPositions.has(after)))
        .map(({ pause }) => pause)
    : [];
  const censored = settings.censorEnabled ? detectCensoredWords(words, settings) : [];

  return {
    flubber: found(flubber),
    intern: found(located.map(({ command }) => command)),
    sfx: found(sfx),
    fillers: found(fillers),
    pauses: found(pauses),
    censored: found(censored),
    suggestions: found(detectRepeatedTakes(words, commandPositions, options.evidence, durationS)),
  };
}

/** A hesitation heard between two words of one spoken command (word_count 0, placed at the next word) is the command's. */
function betweenCommandWords(filler: WordSpan, positionsOf: (span: WordSpan) => number[], claimed: ReadonlySet<number>): boolean {
  if (filler.word_count > 0) return false;
  const [next] = positionsOf({ word_index: filler.word_index, word_count: 1 });
  return next !== undefined && claimed.has(next) && claimed.has(next - 1);
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
}
