import { describe, expect, it } from 'vitest';
import type { TFillerContext, TRetakeSuggestionContext } from '@ppp/contracts';
import { assembleRequest, defaultFlubberCut } from './creator-rules.ts';
import { creatorReducer, initialCreatorState, type CreatorState } from './creator-state.ts';
import { extrasOf } from './retake-extras.ts';

const suggestion: TRetakeSuggestionContext = {
  suggestion_index: 0,
  first_text: 'the garden needs',
  second_text: 'the garden needs',
  first_start_s: 2,
  second_start_s: 4.2,
  cut_start_s: 1.85,
  cut_end_s: 4.1,
  confidence: 0.7,
  snippet_start_s: 0.5,
  snippet_end_s: 6,
  url: '/snippet/repeat.mp3',
};
const filler = (index: number, start: number): TFillerContext => ({
  filler_index: index,
  filler: 'um',
  text: 'um',
  by_sound: false,
  cut_start_s: start,
  cut_end_s: start + 0.3,
  snippet_start_s: start - 1,
  snippet_end_s: start + 1.3,
  url: null,
});

const upload = { id: 'm1', filename: 'take', stored_filename: 'm1-take.wav', duration_seconds: 60, transcript_ready: true, intents: null };

function reviewed(...actions: Parameters<typeof creatorReducer>[1][]): CreatorState {
  const start: CreatorState = { ...initialCreatorState(), upload, answers: { flubber: 'yes', intern: 'no', sfx: 'no' } };
  const loaded = creatorReducer(start, {
    type: 'extrasLoaded',
    uploadId: 'm1',
    suggestions: [suggestion],
    fillers: [filler(0, 10), filler(1, 20)],
  });
  return actions.reduce(creatorReducer, loaded);
}

function request(state: CreatorState) {
  const build = {
    upload,
    answers: state.answers,
    flubberCuts: state.flubberCuts,
    internContexts: null,
    intern: {},
    ttsValues: {},
    voices: {},
    coverCrop: null,
    retakeExtras: extrasOf(state),
  };
  return assembleRequest(
    build,
    { id: 't1', segments: [] },
    { episode_details: { title: 'One', episodeNumber: 1 }, publish: { mode: 'draft' } },
  );
}

describe('repeats with no marker and fillers in the retake review (issue 33)', () => {
  it('never cuts a suggestion the creator did not check', () => {
    const state = reviewed();
    expect(extrasOf(state)?.suggestionCuts[0]?.cut).toBe(false);
    expect(request(state).flubber_cuts_ms).toEqual([]);
  });

  it('cuts a checked suggestion with the range the creator set, beside the retakes', () => {
    const state = reviewed(
      { type: 'toggleSuggestion', index: 0, cut: true },
      { type: 'setSuggestionRange', index: 0, start_s: 1.9, end_s: 4 },
    );
    expect(request({ ...state, flubberCuts: { 0: { start_s: 30, end_s: 31, cut: true } } }).flubber_cuts_ms).toEqual([
      { start_ms: 1900, end_ms: 4000 },
      { start_ms: 30000, end_ms: 31000 },
    ]);
  });

  it('cuts exactly the fillers left checked, with the automatic removal off for the episode', () => {
    const state = reviewed({ type: 'toggleFiller', index: 1, cut: false });
    const body = request(state);
    expect(body.manual_cuts).toEqual([{ start_ms: 10000, end_ms: 10300 }]);
    expect(body.cleanup).toEqual({ removeFillers: false });
  });

  it('leaves the assembly as it was when no filler was listed, and ignores another upload', () => {
    const none = creatorReducer(
      { ...initialCreatorState(), upload, answers: { flubber: 'yes', intern: 'no', sfx: 'no' } },
      { type: 'extrasLoaded', uploadId: 'm1', suggestions: [], fillers: [] },
    );
    expect(request(none).cleanup).toBeUndefined();
    expect(extrasOf({ ...reviewed(), upload: { ...upload, id: 'm2' } })).toBeNull();
  });

  it('offers a retake whose cut starts more than 1 s before its take unchecked', () => {
    expect(defaultFlubberCut({ cut_start_s: 1, cut_end_s: 5, preselected: false }).cut).toBe(false);
    expect(defaultFlubberCut({ cut_start_s: 1, cut_end_s: 5 }).cut).toBe(true);
  });
});
