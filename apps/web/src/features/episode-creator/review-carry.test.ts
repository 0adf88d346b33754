import { describe, expect, it } from 'vitest';
import type { TFlubberContext, TInternContext } from '@ppp/contracts';
import { creatorReducer, initialCreatorState, type CreatorAction, type CreatorState } from './creator-state.ts';

const upload = { id: 'm1', filename: 'take.wav', duration_seconds: 60, transcript_ready: true, intents: { flubber: 1, intern: 1, sfx: 0 } };
const retake = (index: number, at: number, cutStart: number): TFlubberContext => ({
  flubber_index: index,
  flubber_time_s: at,
  flubber_end_s: at + 0.4,
  computed_end_s: at + 0.4,
  snippet_start_s: at - 3,
  snippet_end_s: at + 2,
  url: null,
  relative_flubber_ms: 3000,
  applied: false,
  cut_start_s: cutStart,
  cut_end_s: at + 0.9,
  retake_found: true,
  retake_text: 'so today we',
});
const command = (id: string, start: number, prompt: string): TInternContext => ({
  command_id: id,
  intern_index: 0,
  id,
  start_s: start,
  snippet_start_s: start,
  snippet_end_s: start + 10,
  max_duration_s: 30,
  default_end_s: start + 6,
  prompt_text: prompt,
  audio_url: null,
  label: 'Intern 1',
});

function run(state: CreatorState, ...actions: CreatorAction[]): CreatorState {
  return actions.reduce(creatorReducer, state);
}

/** A build in its reviews: one retake the creator kept (Uncut, its range moved) and one command answered. */
function reviewed(): CreatorState {
  return run(
    initialCreatorState(),
    { type: 'chooseTemplate', template: { id: 't1', name: 'Weekly' } },
    { type: 'setUpload', upload },
    { type: 'answerIntents', answers: { flubber: 'yes', intern: 'yes', sfx: 'no' } },
    { type: 'flubberLoaded', contexts: [retake(0, 10, 6.2)] },
    { type: 'toggleCut', index: 0, cut: false },
    { type: 'setCutRange', index: 0, start_s: 6.5, end_s: 10.9 },
    { type: 'flubberFinished', keepCuts: true },
    { type: 'internLoaded', contexts: [command('c1', 20, 'what is a tone')] },
    { type: 'internUpdate', commandId: 'c1', patch: { response_text: 'A sound.' } },
  );
}

describe('a transcript corrected in the review (issue 32)', () => {
  it('has both reviews proposed again, the open one staying open, and the finished one to do again', () => {
    const before = reviewed();
    expect([before.review, before.flubberDone]).toEqual(['intern', true]);
    const after = run(before, { type: 'transcriptCorrected' });
    expect(after).toMatchObject({ review: 'intern', flubberContexts: null, internContexts: null, flubberDone: false, internDone: false });
    // Finishing the open review opens the retakes again, with what the corrected words propose.
    expect(run(after, { type: 'internFinished' }).review).toBe('flubber');
  });

  it("keeps the creator's choices for what is proposed the same way, and starts a new or changed one from its default", () => {
    const after = run(
      reviewed(),
      { type: 'transcriptCorrected' },
      // The same retake, and a new one the correction revealed ('flubber' was heard as 'rubber').
      { type: 'flubberLoaded', contexts: [retake(0, 10, 6.2), retake(1, 30, 25.1)] },
      // The command's words changed with the correction: a fresh review; another one is new.
      { type: 'internLoaded', contexts: [command('c1', 20, 'what is a tome'), command('c2', 40, 'what is a loaf')] },
    );
    expect(after.flubberCuts).toEqual({ 0: { start_s: 6.5, end_s: 10.9, cut: false }, 1: { start_s: 25.1, end_s: 30.9, cut: true } });
    expect(after.intern.c1?.response_text).toBe('');
    expect(after.intern.c2?.response_text).toBe('');
    expect(after.carried).toEqual({ flubber: null, intern: null });

    const same = run(
      reviewed(),
      { type: 'transcriptCorrected' },
      { type: 'internLoaded', contexts: [command('c1', 20, 'what is a tone')] },
    );
    expect(same.intern.c1?.response_text).toBe('A sound.');
  });

  it('carries what a review chose across two corrections when it was not loaded between them', () => {
    const after = run(
      reviewed(),
      { type: 'transcriptCorrected' },
      { type: 'transcriptCorrected' },
      { type: 'flubberLoaded', contexts: [retake(0, 10, 6.2)] },
    );
    expect(after.flubberCuts[0]).toEqual({ start_s: 6.5, end_s: 10.9, cut: false });
  });
});
