import { CLEANUP, MARKERS, type TInternCommandMatch } from '@ppp/contracts';
import type { AcousticEvidence } from './evidence.ts';
import { normalisePhrases, roundSeconds, type MatchWord } from './normalise.ts';
import { bestMatchAt, matchSpan, type PhraseMatch } from './phrase-match.ts';
import { acousticOf, bestHit, findSpokenMarkers, pausesBetween, type SpokenMarker } from './spoken-markers.ts';
import { phraseSimilarity } from './fuzzy.ts';

export interface InternSettings {
  trigger_keyword: string;
  end_markers: readonly string[];
}

export interface InternOptions {
  threshold?: number;
  durationS?: number | null;
  /** Word positions a command may not run into (Flubber markers): the command ends before them. */
  barriers?: ReadonlySet<number>;
  /** What the audio says: the trigger heard, and pauses the word times may hide. */
  evidence?: AcousticEvidence;
  /** Positions of words known to be what was said (MarkerSearch.trusted). */
  trusted?: (position: number) => boolean;
}

/** A command with the MatchWord positions it covers, for overlap checks. */
export interface LocatedInternCommand {
  command: TInternCommandMatch;
  first: number;
  last: number;
}

interface CommandEnd {
  /** Position of the last word of the command (the end marker's last word when one was said). */
  last: number;
  marker: PhraseMatch | null;
}

/**
 * An end marker the keyword search heard over one word the recogniser wrote otherwise ('stop' as
 * 'stopped'): the longest phrase heard with at least the support its length needs.
 */
function heardMarkerAt(words: readonly MatchWord[], position: number, search: EndSearch): PhraseMatch | null {
  const word = words[position];
  if (word === undefined || search.evidence === undefined) return null;
  let best: PhraseMatch | null = null;
  for (const [phraseIndex, phrase] of search.markers.entries()) {
    const hit = bestHit(search.evidence, phrase, word);
    const acoustic = acousticOf(search.evidence, phrase, hit);
    if (hit === null || (acoustic !== 'support' && acoustic !== 'strong')) continue;
    if (best !== null && phrase.length <= (search.markers[best.phraseIndex]?.length ?? 0)) continue;
    // The words whose middle the hit covers ('stopped in' for a heard 'stop intern').
    let count = 1;
    while (words[position + count] !== undefined && midpoint(words[position + count]) < hit.end) count++;
    const text = words.slice(position, position + count).map((w) => w.norm);
    best = { phraseIndex, first: position, count, score: phraseSimilarity(text.join(' '), phrase) };
  }
  return best;
}

const midpoint = (word: MatchWord | undefined) => (word === undefined ? Infinity : (word.start + word.end) / 2);

interface EndSearch {
  markers: readonly string[];
  isBoundary: (position: number) => boolean;
  threshold: number;
  evidence?: AcousticEvidence;
}

/**
 * Where a command ends. Rule: the first end marker ('stop intern' preferred over 'stop') that ends
 * within 30 s of the trigger's start, looked for until the first pause of
 * MARKERS.commandMaxInnerPauseSeconds in the prompt; else the last word before the prompt's first
 * pause of MARKERS.commandEndPauseSeconds, and never a word starting 6 s or more after the trigger
 * (spec 000 §9 default end). Either way the command stops before the next Intern trigger or a
 * Flubber marker. (A pause right after the trigger is not the prompt's: people pause after a wake word.)
 */
function findCommandEnd(words: readonly MatchWord[], trigger: PhraseMatch, search: EndSearch): CommandEnd {
  const startS = words[trigger.first]?.start ?? 0;
  const maxEndS = startS + CLEANUP.internMaxDurationSeconds;
  const defaultEndS = startS + CLEANUP.internDefaultEndSeconds;
  const promptFrom = trigger.first + trigger.count;
  let last = promptFrom - 1;
  let promptEnded = false;
  for (let position = promptFrom; position < words.length; position++) {
    const word = words[position];
    if (word === undefined || word.start >= maxEndS || search.isBoundary(position)) break;
    const inPrompt = position > promptFrom;
    const pauses = (seconds: number) => inPrompt && pausesBetween(words[position - 1], word, seconds, search.evidence);
    if (pauses(MARKERS.commandMaxInnerPauseSeconds)) break;
    const marker = bestMatchAt(words, position, search.markers, search.threshold) ?? heardMarkerAt(words, position, search);
    if (marker !== null) {
      const markerEnd = matchSpan(words, marker.first, marker.count).end_s;
      if (markerEnd <= maxEndS) return { last: marker.first + marker.count - 1, marker };
    }
    promptEnded ||= word.start >= defaultEndS || pauses(MARKERS.commandEndPauseSeconds);
    if (!promptEnded) last = position;
  }
  return { last, marker: null };
}

const PROMPT_EDGES = /^[\s\p{P}]+|[\s,;:\-–—]+$/gu;

function promptText(words: readonly MatchWord[], from: number, to: number): string {
  return words
    .slice(from, to + 1)
    .map((word) => word.raw)
    .join(' ')
    .replace(PROMPT_EDGES, '');
}

/** end_s: at least 0.25 s after the start (spec 000 §5), never past the audio's end. */
function commandEndSeconds(startS: number, lastWordEndS: number, durationS: number | null): number {
  const end = Math.max(lastWordEndS, startS + CLEANUP.internMinClipSeconds);
  return roundSeconds(durationS === null ? end : Math.min(end, durationS));
}

function buildCommand(
  words: readonly MatchWord[],
  trigger: SpokenMarker,
  end: CommandEnd,
  internIndex: number,
  durationS: number | null,
): TInternCommandMatch {
  const span = matchSpan(words, trigger.first, end.last - trigger.first + 1);
  const promptFrom = trigger.first + trigger.count;
  const promptTo = end.marker === null ? end.last : end.marker.first - 1;
  const marker = end.marker;
  return {
    intern_index: internIndex,
    ...span,
    end_s: commandEndSeconds(span.start_s, span.end_s, durationS),
    score: trigger.score,
    confidence: trigger.confidence,
    trigger_end_s: matchSpan(words, trigger.first, trigger.count).end_s,
    prompt_text: promptText(words, promptFrom, promptTo),
    end_marker: marker === null ? null : { ...matchSpan(words, marker.first, marker.count), score: marker.score },
    default_end_s: roundSeconds(span.start_s + CLEANUP.internDefaultEndSeconds),
    max_duration_s: CLEANUP.internMaxDurationSeconds,
  };
}

/** Intern commands with the word positions each covers. */
export function locateInternCommands(
  words: readonly MatchWord[],
  intern: InternSettings,
  options: InternOptions = {},
): LocatedInternCommand[] {
  const threshold = options.threshold ?? CLEANUP.defaultFuzzyThreshold;
  const barriers = options.barriers ?? new Set<number>();
  const markers = normalisePhrases(intern.end_markers);
  // A trigger starts a phrase; one inside a sentence ('welcome intern') needs a clearly heard 'intern'.
  const triggers = findSpokenMarkers(words, {
    phrases: normalisePhrases([intern.trigger_keyword]),
    threshold,
    evidence: options.evidence,
    timing: 'phrase-start',
    timingRequired: true,
    trusted: options.trusted,
  }).filter((trigger) => !barriers.has(trigger.first));
  const triggerStarts = new Set(triggers.map((trigger) => trigger.first));
  const isBoundary = (position: number) => barriers.has(position) || triggerStarts.has(position);
  const located: LocatedInternCommand[] = [];
  let consumedUpTo = -1;
  for (const trigger of triggers) {
    if (trigger.first <= consumedUpTo) continue;
    const end = findCommandEnd(words, trigger, { markers, isBoundary, threshold, evidence: options.evidence });
    const command = buildCommand(words, trigger, end, located.length, options.durationS ?? null);
    located.push({ command, first: trigger.first, last: end.last });
    consumedUpTo = end.last;
  }
  return located;
}

/** Every spoken Intern command: trigger keyword up to an end marker, or to the 6 s word bound. */
export function detectInternCommands(
  words: readonly MatchWord[],
  intern: InternSettings,
  options: InternOptions = {},
): TInternCommandMatch[] {
  return locateInternCommands(words, intern, options).map((located) => located.command);
}
