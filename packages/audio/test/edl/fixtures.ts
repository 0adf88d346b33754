import {
  DEFAULT_AUDIO_CLEANUP_SETTINGS,
  ZBackgroundMusicRule,
  ZSegment,
  type TAudioCleanupSettings,
  type TBackgroundMusicRuleInput,
  type TDetectionResult,
  type TEdlFile,
  type TSegmentType,
} from '@ppp/contracts';
import type { PlanInput, ResolvedSegment } from '../../src/edl/index.ts';

export function file(name: string, durationMs: number, format = 'wav'): TEdlFile {
  return { path: `/media/${name}`, format, duration_ms: durationMs };
}

export function emptyDetections(): TDetectionResult {
  const none = () => ({ count: 0, matches: [] });
  return { flubber: none(), intern: none(), sfx: none(), fillers: none(), pauses: none(), censored: none() };
}

export function segment(type: TSegmentType, durationMs: number | null, name?: string): ResolvedSegment {
  const source =
    type === 'content' || durationMs === null
      ? { source_type: 'static', filename: '' }
      : { source_type: 'static', filename: `${type}.wav` };
  return {
    segment: ZSegment.parse({ id: `${type}-${durationMs ?? 'main'}`, segment_type: type, name, source }),
    file: type === 'content' || durationMs === null ? null : file(`${type}.wav`, durationMs),
  };
}

export function musicRule(
  rule: Partial<TBackgroundMusicRuleInput> & Pick<TBackgroundMusicRuleInput, 'apply_to_segments'>,
  durationMs = 30_000,
) {
  return { rule: ZBackgroundMusicRule.parse({ music_filename: 'bed.mp3', ...rule }), file: file('bed.mp3', durationMs, 'mp3') };
}

export function cleanup(overrides: Partial<TAudioCleanupSettings> = {}): TAudioCleanupSettings {
  return { ...structuredClone(DEFAULT_AUDIO_CLEANUP_SETTINGS), ...overrides };
}

/** Intro 5 s, a 60 s content upload, outro 4 s; no cleanup and no choices unless given. */
export function baseInput(overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    template: {
      segments: [segment('intro', 5000), segment('content', null), segment('outro', 4000)],
      music: [],
      timing: { content_start_offset_s: 0, outro_start_offset_s: 0 },
    },
    content: { file: file('upload.wav', 60_000), words: [], detections: emptyDetections() },
    choices: { flubber: [], intern: [], sfx: [], cleanup: cleanup({ removeFillers: false, removePauses: false }) },
    ...overrides,
  };
}

export const span = (index: number, text: string, start_s: number, end_s: number) => ({
  word_index: index,
  word_count: 1,
  text,
  start_s,
  end_s,
});

/** The content upload `file` alone: no intro, outro, music, cleanup or choice but the manual cuts given. */
export function contentOnlyInput(content: TEdlFile, manualCuts: readonly { start_ms: number; end_ms: number }[] = []): PlanInput {
  const base = baseInput();
  return {
    template: { ...base.template, segments: [segment('content', null)] },
    content: { file: content, words: [], detections: emptyDetections() },
    choices: { ...base.choices, manualCuts },
  };
}

/** A retake marker: the spoken 'flubber' (word `wordIndex`, 0.4 s from `atS`) with the spec's cut, 0.75 s before it to 0.25 s after its start. */
export const retake = (flubberIndex: number, wordIndex: number, atS: number) => ({
  flubber_index: flubberIndex,
  ...span(wordIndex, 'flubber', atS, atS + 0.4),
  score: 1,
  flubber_time_s: atS,
  flubber_end_s: atS + 0.4,
  cut_start_s: atS - 0.75,
  cut_end_s: atS + 0.25,
});
