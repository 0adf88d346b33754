/*
 * Scoring one episode's detections against its truth: which true events were found, what was found
 * that was never said, and how far each retake's proposed cut starts from the true restart point.
 * Pure, so the figures the benchmark prints are unit-tested. `heard` (the recogniser's words) only
 * feeds the explanations: what it heard where an event was missed, what was truly said where it
 * invented one.
 */
import type { TDetectionResult, TTranscriptWord } from '@ppp/contracts';
import { wordEditDistance, werWords } from '../../src/wer.ts';
import type { QualityEvents, Span } from './truth.ts';

/** A detected marker, command or keyword belongs to a true one when it starts this close to it. */
export const MATCH_S = 0.5;
/** The bar for a restart point. Seconds are rounded to the millisecond, hence the epsilon. */
export const RESTART_TOLERANCE_S = 0.3;
const EPSILON = 1e-6;
/** A cut counts as touching a word when it covers this much of it. */
const TOUCH_S = 0.05;

export interface Note {
  at_s: number;
  /** What the recogniser heard there (for a miss) or what was truly said there (for an invention). */
  text: string;
}

export interface EpisodeScore {
  words: { reference: number; errors: number };
  flubber: { truth: number; found: number; retakeFound: number; restartErrors: number[]; misses: Note[]; falseMarkers: Note[] };
  /** Unmarked repeats offered as suggestions (a detection kind newer than some trees: 0 found where absent). */
  suggestions: { truth: number; found: number; falseSuggestions: Note[] };
  intern: { truth: number; found: number; misses: Note[]; invented: Note[]; longestPromptS: number };
  sfx: { said: number; found: number; falseTriggers: Note[] };
  fillers: { truth: number; found: number; misses: Note[]; cutsOnNonFillers: Note[]; realWordsCut: number; recogniserFillerTokens: number };
  pauses: { truth: number; found: number; cutsOverSpeech: Note[] };
}

const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end_s, b.end_s) - Math.max(a.start_s, b.start_s));
const near = (at: number, span: Span, slack = MATCH_S) => at >= span.start_s - slack && at <= span.end_s + slack;
const round = (s: number) => Math.round(s * 1000) / 1000;

/** The words of `words` within a span, joined (or '(nothing)'). */
export function wordsAt(words: readonly TTranscriptWord[], span: Span): string {
  const inside = words.filter((w) => overlap({ start_s: w.start, end_s: w.end }, span) > 0);
  return inside.map((w) => w.text).join(' ') || '(nothing)';
}

/**
 * Pairs each true span with at most one detection that starts near it (in time order), and returns
 * the pairs and the detections left over.
 */
export function pairUp<T>(truths: readonly Span[], detections: readonly T[], at: (d: T) => number): { pairs: [number, T][]; extra: T[] } {
  const left = [...detections];
  const pairs: [number, T][] = [];
  truths.forEach((truth, i) => {
    const index = left.findIndex((d) => near(at(d), truth));
    if (index < 0) return;
    pairs.push([i, left[index] as T]);
    left.splice(index, 1);
  });
  return { pairs, extra: left };
}

export function restartShareWithin(errors: readonly number[], tolerance = RESTART_TOLERANCE_S): number {
  return errors.length === 0 ? 0 : errors.filter((e) => e <= tolerance + EPSILON).length / errors.length;
}

interface SuggestionLike {
  start_s?: number;
  cut_start_s?: number;
  end_s?: number;
  cut_end_s?: number;
}

/** The suggestions of a detection result, read loosely: the kind is optional in stored results. */
function suggestionsOf(found: TDetectionResult): { start_s: number; end_s: number }[] {
  const kind = (found as { suggestions?: { matches?: SuggestionLike[] } }).suggestions;
  return (kind?.matches ?? []).map((m) => {
    const start = m.cut_start_s ?? m.start_s ?? 0;
    return { start_s: start, end_s: m.cut_end_s ?? m.end_s ?? start };
  });
}

const FILLER_TOKENS = new Set(['um', 'uh', 'umm', 'uhh', 'er', 'erm', 'ah', 'hmm']);

export function scoreEpisode(
  truth: { words: readonly TTranscriptWord[]; events: QualityEvents },
  heard: readonly TTranscriptWord[],
  found: TDetectionResult,
): EpisodeScore {
  const { events } = truth;
  const reference = werWords(truth.words.map((w) => w.text).join(' '));
  const hypothesis = werWords(heard.map((w) => w.text).join(' '));
  const missed = (span: Span): Note => ({
    at_s: span.start_s,
    text: `heard '${wordsAt(heard, { start_s: span.start_s - 0.2, end_s: span.end_s + 0.2 })}'`,
  });
  const invented = (span: Span): Note => ({ at_s: round(span.start_s), text: `said '${wordsAt(truth.words, span)}'` });

  const markers = pairUp(
    events.retakes.map((r) => r.marker),
    found.flubber.matches,
    (m) => m.flubber_time_s,
  );
  const matchedRetakes = new Set(markers.pairs.map(([i]) => i));
  const commands = pairUp(
    events.intern.map((c) => c.trigger),
    found.intern.matches,
    (c) => c.start_s,
  );
  const matchedCommands = new Set(commands.pairs.map(([i]) => i));
  const sfx = pairUp(events.sfx, found.sfx.matches, (h) => h.start_s);
  const suggestions = pairUp(
    events.repeats.map((r) => ({ start_s: r.restart_s, end_s: r.restart_s })),
    suggestionsOf(found),
    (x) => x.start_s,
  );

  const fillerCuts = found.fillers.matches.map((f) => ({ start_s: f.cut_start_s, end_s: f.cut_end_s, heard: f.text }));
  const fillerFound = events.fillers.filter((f) => fillerCuts.some((c) => overlap(c, f) > 0));
  const nonFillerCuts = fillerCuts.filter((c) => !events.fillers.some((f) => overlap(c, f) > 0));
  const pauseCuts = found.pauses.matches.map((p) => ({ start_s: p.cut_start_s, end_s: p.cut_end_s }));
  const speechWords = truth.words.map((w) => ({ start_s: w.start, end_s: w.end }));

  return {
    words: { reference: reference.length, errors: wordEditDistance(reference, hypothesis) },
    flubber: {
      truth: events.retakes.length,
      found: markers.pairs.length,
      retakeFound: markers.pairs.filter(([, m]) => m.retake_found === true).length,
      restartErrors: markers.pairs.map(([i, m]) => round(Math.abs(m.cut_start_s - (events.retakes[i]?.restart_s ?? 0)))),
      misses: events.retakes.filter((_, i) => !matchedRetakes.has(i)).map((r) => missed(r.marker)),
      falseMarkers: markers.extra.map((m) => invented({ start_s: m.flubber_time_s, end_s: m.flubber_end_s })),
    },
    suggestions: {
      truth: events.repeats.length,
      found: suggestions.pairs.length,
      falseSuggestions: suggestions.extra.map(invented),
    },
    intern: {
      truth: events.intern.length,
      found: commands.pairs.length,
      misses: events.intern.filter((_, i) => !matchedCommands.has(i)).map((c) => missed(c.trigger)),
      invented: commands.extra.map((c) => invented({ start_s: c.start_s, end_s: c.end_s })),
      longestPromptS: round(Math.max(0, ...found.intern.matches.map((c) => c.end_s - c.start_s))),
    },
    sfx: {
      said: events.sfx.length,
      found: sfx.pairs.length,
      falseTriggers: sfx.extra.map((h) => invented({ start_s: h.start_s, end_s: h.end_s })),
    },
    fillers: {
      truth: events.fillers.length,
      found: fillerFound.length,
      misses: events.fillers.filter((f) => !fillerFound.includes(f)).map(missed),
      cutsOnNonFillers: nonFillerCuts.map((c) => ({
        at_s: round(c.start_s),
        text: `'${c.heard}' cut where was said '${wordsAt(truth.words, c)}'`,
      })),
      realWordsCut: events.realWords.filter((r) => fillerCuts.some((c) => overlap(c, r) >= TOUCH_S)).length,
      recogniserFillerTokens: heard.filter((w) => FILLER_TOKENS.has(w.text.toLowerCase())).length,
    },
    pauses: {
      truth: events.pauses.length,
      found: events.pauses.filter((p) => pauseCuts.some((c) => overlap(c, p) > 0)).length,
      cutsOverSpeech: pauseCuts.filter((c) => speechWords.some((w) => overlap(c, w) >= TOUCH_S)).map((c) => invented(c)),
    },
  };
}

/** The sum of several episodes' scores (lists concatenated, the longest prompt kept). */
export function sumScores(scores: readonly EpisodeScore[]): EpisodeScore {
  const empty: EpisodeScore = {
    words: { reference: 0, errors: 0 },
    flubber: { truth: 0, found: 0, retakeFound: 0, restartErrors: [], misses: [], falseMarkers: [] },
    suggestions: { truth: 0, found: 0, falseSuggestions: [] },
    intern: { truth: 0, found: 0, misses: [], invented: [], longestPromptS: 0 },
    sfx: { said: 0, found: 0, falseTriggers: [] },
    fillers: { truth: 0, found: 0, misses: [], cutsOnNonFillers: [], realWordsCut: 0, recogniserFillerTokens: 0 },
    pauses: { truth: 0, found: 0, cutsOverSpeech: [] },
  };
  return scores.reduce<EpisodeScore>((sum, s) => {
    const out = structuredClone(sum);
    for (const group of Object.keys(s) as (keyof EpisodeScore)[]) {
      const target = out[group] as Record<string, number | Note[] | number[]>;
      for (const [field, value] of Object.entries(s[group])) {
        const current = target[field];
        if (Array.isArray(value) && Array.isArray(current)) target[field] = [...current, ...value] as Note[] | number[];
        else if (field === 'longestPromptS') target[field] = Math.max(Number(current), Number(value));
        else target[field] = Number(current) + Number(value);
      }
    }
    return out;
  }, empty);
}

/** The same score with every note prefixed by the episode it came from. */
export function labelNotes(score: EpisodeScore, label: string): EpisodeScore {
  const out = structuredClone(score);
  for (const group of Object.values(out) as Record<string, unknown>[])
    for (const [field, value] of Object.entries(group))
      if (Array.isArray(value) && typeof value[0] === 'object')
        group[field] = (value as Note[]).map((n) => ({ ...n, text: `${label} ${n.text}` }));
  return out;
}
