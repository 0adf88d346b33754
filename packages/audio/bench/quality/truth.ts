/*
 * The truth of an episode, laid out from its plan and the length and word times of each clip: the
 * true words with times and every event at its time. Pure, so the bookkeeping is unit-tested.
 */
import type { TTranscriptWord } from '@ppp/contracts';
import type { Beat, SayBeat } from './script.ts';

export interface Span {
  start_s: number;
  end_s: number;
}

export interface RetakeTruth {
  /** Where 'flubber' was said. */
  marker: Span;
  /** The true restart point: the flubbed take's first word. */
  restart_s: number;
  take: Span & { text: string };
  /** The sentence said again after the marker. */
  again: Span;
}

/** A take abandoned and started again with no marker: offered as a suggestion, never cut unasked. */
export interface RepeatTruth {
  restart_s: number;
  take: Span & { text: string };
  again: Span;
}

export interface InternTruth extends Span {
  prompt: string;
  trigger: Span;
  stop: Span;
}

export interface FillerTruth extends Span {
  text: string;
}

export interface QualityEvents {
  retakes: RetakeTruth[];
  repeats: RepeatTruth[];
  intern: InternTruth[];
  /** Where the sound-effect keyword was said (empty in the episodes where it never is). */
  sfx: Span[];
  /** 'um' and 'uh': what filler removal should cut. */
  fillers: FillerTruth[];
  /** Real uses of 'like' and 'you know' inside a phrase: never to be cut. */
  realWords: FillerTruth[];
  /** Inserted silences longer than the default maximum pause. */
  pauses: Span[];
}

/** One clip as made: its length and its words with times from the clip's start. */
export interface ClipTiming {
  duration_s: number;
  words: readonly TTranscriptWord[];
}

export interface LaidOut {
  words: TTranscriptWord[];
  events: QualityEvents;
  /** Where each beat sits in the episode (gaps too), in beat order. */
  placed: Span[];
  duration_s: number;
}

const ms = (s: number) => Math.round(s * 1000) / 1000;

/** Words not to be cut as fillers, where they are part of a phrase (the spec's default list has both). */
const REAL_PHRASES = [['like'], ['you', 'know']] as const;

function realUses(words: readonly TTranscriptWord[]): FillerTruth[] {
  const found: FillerTruth[] = [];
  for (let i = 0; i < words.length; i++) {
    for (const phrase of REAL_PHRASES) {
      const span = words.slice(i, i + phrase.length);
      if (span.length === phrase.length && span.every((word, k) => word.text === phrase[k])) {
        found.push({ text: phrase.join(' '), start_s: span[0]?.start ?? 0, end_s: span.at(-1)?.end ?? 0 });
      }
    }
  }
  return found;
}

const spanOf = (words: readonly TTranscriptWord[], fallback: Span): Span =>
  words.length === 0 ? fallback : { start_s: words[0]?.start ?? fallback.start_s, end_s: words.at(-1)?.end ?? fallback.end_s };

/**
 * Lays the beats end to end. `clips` holds one timing per say beat, in order. A clip's words are
 * shifted to where it starts; the events take their times from the clips they are made of.
 */
export function layOut(beats: readonly Beat[], clips: readonly ClipTiming[]): LaidOut {
  const words: TTranscriptWord[] = [];
  const events: QualityEvents = { retakes: [], repeats: [], intern: [], sfx: [], fillers: [], realWords: [], pauses: [] };
  const placed: Span[] = [];
  const takes = new Map<number, RetakeTruth>();
  const repeats = new Map<number, RepeatTruth>();
  let at = 0;
  let clipIndex = 0;
  for (const beat of beats) {
    if (beat.kind === 'gap') {
      placed.push({ start_s: ms(at), end_s: ms(at + beat.seconds) });
      if (beat.pause) events.pauses.push({ start_s: ms(at), end_s: ms(at + beat.seconds) });
      at += beat.seconds;
      continue;
    }
    const clip = clips[clipIndex++];
    if (!clip) throw new Error(`no clip for beat '${beat.text}'`);
    const span = { start_s: ms(at), end_s: ms(at + clip.duration_s) };
    const shifted = clip.words.map((w) => ({ ...w, start: ms(w.start + at), end: ms(w.end + at) }));
    words.push(...shifted);
    placed.push(span);
    record(beat, span, shifted, events, takes, repeats);
    at += clip.duration_s;
  }
  return { words, events, placed, duration_s: ms(at) };
}

function record(
  beat: SayBeat,
  span: Span,
  words: readonly TTranscriptWord[],
  events: QualityEvents,
  takes: Map<number, RetakeTruth>,
  repeats: Map<number, RepeatTruth>,
): void {
  if (beat.role === 'speech' || beat.role === 'take' || beat.role === 'again' || beat.role === 'repeat')
    events.realWords.push(...realUses(words));
  switch (beat.role) {
    case 'take': {
      const truth: RetakeTruth = { marker: span, restart_s: span.start_s, take: { ...span, text: beat.text }, again: span };
      takes.set(beat.retake ?? -1, truth);
      events.retakes.push(truth);
      return;
    }
    case 'repeat': {
      const truth: RepeatTruth = { restart_s: span.start_s, take: { ...span, text: beat.text }, again: span };
      repeats.set(beat.retake ?? -1, truth);
      events.repeats.push(truth);
      return;
    }
    case 'marker': {
      const truth = takes.get(beat.retake ?? -1);
      if (truth) truth.marker = span;
      return;
    }
    case 'again': {
      const truth = takes.get(beat.retake ?? -1) ?? repeats.get(beat.retake ?? -1);
      if (truth) truth.again = span;
      return;
    }
    case 'intern': {
      const first = words[0];
      const last = words.at(-1);
      events.intern.push({
        ...span,
        prompt: words
          .slice(1, -1)
          .map((w) => w.text)
          .join(' '),
        trigger: first ? { start_s: first.start, end_s: first.end } : span,
        stop: last ? { start_s: last.start, end_s: last.end } : span,
      });
      return;
    }
    case 'sfx':
      events.sfx.push(spanOf(words, span));
      return;
    case 'filler':
      events.fillers.push({ text: beat.text, ...span });
      return;
    case 'speech':
      return;
  }
}
