import { describe, expect, it } from 'vitest';
import { ZAiReviewChoices, ZSegment } from '@ppp/contracts';
import { aiReviewChoices } from './ai-review.ts';
import { initialCreatorState, type CreatorState } from './creator-state.ts';

const template = {
  id: 't1',
  segments: [ZSegment.parse({ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } })],
};
const upload = { id: 'm1', filename: 'take', stored_filename: 'take.wav', duration_seconds: 60, transcript_ready: true, intents: null };

describe('the review choices the AI text reads before assembly (issue 32)', () => {
  it("are the assemble call's: the retake the creator cut, not every one detected; the intents as answered", () => {
    const state: CreatorState = {
      ...initialCreatorState(),
      upload,
      answers: { flubber: 'yes', intern: 'no', sfx: 'no' },
      flubberCuts: { 0: { start_s: 9.25, end_s: 10.25, cut: true }, 1: { start_s: 20, end_s: 21, cut: false } },
    };
    const review = ZAiReviewChoices.parse(aiReviewChoices(state, template));
    expect(review).toMatchObject({
      flubber_cuts_ms: [{ start_ms: 9250, end_ms: 10_250 }],
      flubber_indices: [],
      intents: { flubber: 'yes', intern: 'no', sfx: 'no' },
      intern_answers: [],
    });
  });

  it('are none without an upload', () => {
    expect(aiReviewChoices(initialCreatorState(), template)).toBeNull();
  });
});
