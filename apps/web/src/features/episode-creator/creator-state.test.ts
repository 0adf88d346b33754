import { describe, expect, it } from 'vitest';
import type { TFlubberContext, TInternContext } from '@ppp/contracts';
import {
  canCancelBuild,
  creatorReducer,
  initialCreatorState,
  isKnownStep,
  parseSavedCreator,
  serializeCreator,
  type CreatorAction,
  type CreatorState,
} from './creator-state.ts';

const upload = { id: 'm1', filename: 'take.wav', duration_seconds: 60, transcript_ready: true, intents: { flubber: 1, intern: 1, sfx: 0 } };
const flubber: TFlubberContext = {
  flubber_index: 0,
  flubber_time_s: 10,
  flubber_end_s: 10.4,
  computed_end_s: 10.4,
  snippet_start_s: 7,
  snippet_end_s: 12,
  url: null,
  relative_flubber_ms: 3000,
  applied: false,
  cut_start_s: 6.2,
  cut_end_s: 10.9,
  retake_found: true,
  retake_text: 'so today we',
};
const command: TInternContext = {
  command_id: 'c1',
  intern_index: 0,
  id: 'c1',
  start_s: 20,
  snippet_start_s: 20,
  snippet_end_s: 30,
  max_duration_s: 30,
  default_end_s: 26,
  prompt_text: 'what is a tone',
  audio_url: null,
  label: 'Intern 1',
};

function run(...actions: CreatorAction[]): CreatorState {
  return actions.reduce(creatorReducer, initialCreatorState());
}

/** A build past its steps, assembling: template and upload chosen, intents answered 'no', one script. */
function assemblingBuild(): CreatorState {
  return run(
    { type: 'chooseTemplate', template: { id: 't1', name: 'Weekly' } },
    { type: 'setUpload', upload },
    { type: 'answerIntents', answers: { flubber: 'no', intern: 'no', sfx: 'no' } },
    { type: 'setScript', segmentId: 's1', text: 'Hi' },
    { type: 'assembling', jobId: 'j1', episodeId: 'e1' },
  );
}

describe('the creator build: start and reviews', () => {
  it('starts at the chooser and moves to step 2 when a template is chosen', () => {
    const state = run({ type: 'start', mode: 'preuploaded' }, { type: 'chooseTemplate', template: { id: 't1', name: 'Weekly' } });
    expect(state.started).toBe(true);
    expect(state.step).toBe(2);
    expect(state.template?.name).toBe('Weekly');
  });

  it('opens the intents dialog while answers are pending, then runs Flubber and Intern reviews before step 3', () => {
    let state = run({ type: 'chooseTemplate', template: { id: 't1', name: 'Weekly' } }, { type: 'setUpload', upload });
    state = creatorReducer(state, { type: 'continueFromUpload', visible: ['flubber', 'intern'] });
    expect(state.review).toBe('intents');
    expect(state.intentsPrompted).toBe(true);
    expect(state.step).toBe(2);
    state = creatorReducer(state, { type: 'answerIntents', answers: { flubber: 'yes', intern: 'yes', sfx: 'no' } });
    expect(state.review).toBe('flubber');
    state = creatorReducer(state, { type: 'flubberLoaded', contexts: [flubber] });
    // The proposed cut (from where the flubbed take began), preselected: the creator said yes to retakes.
    expect(state.flubberCuts[0]).toEqual({ start_s: 6.2, end_s: 10.9, cut: true });
    state = creatorReducer(state, { type: 'toggleCut', index: 0, cut: false });
    expect(state.flubberCuts[0]?.cut).toBe(false);
    state = creatorReducer(state, { type: 'toggleCut', index: 0, cut: true });
    state = creatorReducer(state, { type: 'flubberFinished', keepCuts: true });
    expect(state.flubberCuts[0]?.cut).toBe(true);
    expect(state.review).toBe('intern');
    state = creatorReducer(state, { type: 'internLoaded', contexts: [command] });
    expect(state.intern.c1?.end_s).toBe(26);
    state = creatorReducer(state, { type: 'internUpdate', commandId: 'c1', patch: { response_text: 'A sound.' } });
    state = creatorReducer(state, { type: 'internFinished' });
    expect(state.review).toBeNull();
    expect(state.step).toBe(3);
    // Back on step 2 and Continue again: nothing is asked or reviewed twice.
    state = creatorReducer(creatorReducer(state, { type: 'goTo', step: 2 }), {
      type: 'continueFromUpload',
      visible: ['flubber', 'intern'],
    });
    expect(state.step).toBe(3);
  });
});

describe('the creator build: reviews waiting for the transcript', () => {
  it('goes on to steps 3 and 4 while the upload is transcribed; the reviews asked for open when the transcript is in', () => {
    const transcribing = { ...upload, transcript_ready: false, intents: null };
    let state = run({ type: 'chooseTemplate', template: { id: 't1', name: 'Weekly' } }, { type: 'setUpload', upload: transcribing });
    state = creatorReducer(state, { type: 'continueFromUpload', visible: ['flubber', 'intern'] });
    expect(state.review).toBe('intents');
    state = creatorReducer(state, { type: 'answerIntents', answers: { flubber: 'yes', intern: 'yes', sfx: 'no' } });
    // No review over a transcript not made yet: on to step 3, the reviews waiting.
    expect(state).toMatchObject({ step: 3, review: null });
    expect(creatorReducer(state, { type: 'openPendingReview' }).review).toBeNull();
    state = creatorReducer(state, { type: 'goTo', step: 4 });
    // Still transcribing: a refresh changes nothing.
    expect(creatorReducer(state, { type: 'refreshUpload', upload: transcribing }).review).toBeNull();
    state = creatorReducer(state, { type: 'refreshUpload', upload });
    expect(state).toMatchObject({ step: 4, review: 'flubber' });
    state = creatorReducer(state, { type: 'flubberLoaded', contexts: [flubber] });
    state = creatorReducer(state, { type: 'flubberFinished', keepCuts: true });
    expect(state).toMatchObject({ step: 4, review: 'intern' });
    // Closed without finishing: Assemble (openPendingReview) opens it again.
    state = creatorReducer(state, { type: 'closeReview' });
    state = creatorReducer(state, { type: 'openPendingReview' });
    expect(state.review).toBe('intern');
    state = creatorReducer(state, { type: 'internFinished' });
    expect(state).toMatchObject({ step: 4, review: null });
    expect(creatorReducer(state, { type: 'openPendingReview' }).review).toBeNull();
  });

  it('goes straight to step 3 when every answer is no', () => {
    const state = run(
      { type: 'chooseTemplate', template: { id: 't1', name: 'Weekly' } },
      { type: 'setUpload', upload },
      { type: 'answerIntents', answers: { flubber: 'no', intern: 'no', sfx: 'no' } },
    );
    expect(state.step).toBe(3);
  });

  it('skipping the retakes keeps none of them', () => {
    const state = run(
      { type: 'setUpload', upload },
      { type: 'answerIntents', answers: { flubber: 'yes', intern: 'no', sfx: 'no' } },
      { type: 'flubberLoaded', contexts: [flubber] },
      { type: 'toggleCut', index: 0, cut: true },
      { type: 'flubberFinished', keepCuts: false },
    );
    expect(state.flubberCuts[0]?.cut).toBe(false);
    expect(state.step).toBe(3);
  });
});

describe('the creator build: another upload and Cancel Build', () => {
  it('a different upload clears the answers and reviews', () => {
    const state = run(
      { type: 'setUpload', upload },
      { type: 'answerIntents', answers: { flubber: 'no', intern: 'no', sfx: 'no' } },
      { type: 'setUpload', upload: { ...upload, id: 'm2' } },
    );
    expect(state.answers).toEqual({ flubber: 'unknown', intern: 'unknown', sfx: 'unknown' });
    expect(
      run(
        { type: 'setUpload', upload },
        { type: 'answerIntents', answers: { flubber: 'no', intern: 'no', sfx: 'no' } },
        { type: 'refreshUpload', upload },
      ).answers.flubber,
    ).toBe('no');
  });

  it('Cancel Build is reachable on every step of a build under way, the assembly included, and clears it', () => {
    const state = run({ type: 'chooseTemplate', template: { id: 't1', name: 'Weekly' } });
    expect([1, 2, 3, 4, 5, 6].every((step) => canCancelBuild({ ...state, step }))).toBe(true);
    expect(canCancelBuild(run({ type: 'start', mode: 'preuploaded' }))).toBe(true);
    // The start chooser has nothing to cancel.
    expect(canCancelBuild(initialCreatorState())).toBe(false);
    expect(creatorReducer(state, { type: 'cancel' })).toEqual(initialCreatorState());
  });

  it("opens an upload (the recorder's 'Create episode') as a new build, never on a build left in the tab", () => {
    const stuck = assemblingBuild();
    const recording = { ...upload, id: 'rec', filename: 'Recording.webm' };
    const fresh = creatorReducer(stuck, { type: 'openUpload', upload: recording });
    expect(fresh).toEqual({ ...initialCreatorState(), started: true, mode: 'preuploaded', upload: recording });
    // The same upload again is a new build too.
    expect(creatorReducer(stuck, { type: 'openUpload', upload }).job).toBeNull();
  });
});

describe('the creator build: start over, the steps and saving', () => {
  it('starts over after a failed build with the same template and audio, from step 2, nothing else kept', () => {
    const failed = assemblingBuild();
    const again = creatorReducer(failed, { type: 'startOver' });
    expect(again).toEqual({ ...initialCreatorState(), started: true, template: { id: 't1', name: 'Weekly' }, upload, step: 2 });
  });

  it('knows its six steps', () => {
    expect([1, 2, 3, 4, 5, 6].every(isKnownStep)).toBe(true);
    expect(isKnownStep(0)).toBe(false);
    expect(isKnownStep(7)).toBe(false);
    expect(isKnownStep(2.5)).toBe(false);
  });

  it('moves to step 6 with the assembly job', () => {
    const state = run({ type: 'assembling', jobId: 'j1', episodeId: 'e1' });
    expect(state.step).toBe(6);
    expect(state.job).toEqual({ jobId: 'j1', episodeId: 'e1' });
  });

  it('is saved for a reload without the upload progress, and refuses what it cannot read', () => {
    const state = run(
      { type: 'chooseTemplate', template: { id: 't1', name: 'Weekly' } },
      { type: 'uploadProgress', percent: 40 },
      { type: 'setScript', segmentId: 's1', text: 'Hi' },
    );
    const back = parseSavedCreator(serializeCreator(state));
    expect(back?.step).toBe(2);
    expect(back?.ttsValues).toEqual({ s1: 'Hi' });
    expect(back?.uploadPercent).toBeNull();
    expect(parseSavedCreator('{nope')).toBeNull();
    expect(parseSavedCreator(JSON.stringify({ version: 2, step: 1 }))).toBeNull();
    expect(parseSavedCreator(null)).toBeNull();
  });
});

describe('a re-scan of the upload (issue 18)', () => {
  it('forgets the retakes and commands read from it, keeping the answers; another upload is left alone', () => {
    let state = creatorReducer(initialCreatorState(), { type: 'setUpload', upload });
    state = creatorReducer(state, { type: 'answerIntents', answers: { flubber: 'yes', intern: 'yes', sfx: 'no' } });
    state = creatorReducer(state, { type: 'flubberLoaded', contexts: [flubber] });
    expect(state.flubberContexts).toHaveLength(1);
    expect(creatorReducer(state, { type: 'rescanned', uploadId: 'other' })).toBe(state);
    const after = creatorReducer(state, { type: 'rescanned', uploadId: 'm1' });
    expect(after.flubberContexts).toBeNull();
    expect(after.flubberDone).toBe(false);
    expect(after.answers).toEqual(state.answers);
    expect(after.upload).toEqual(state.upload);
  });
});
