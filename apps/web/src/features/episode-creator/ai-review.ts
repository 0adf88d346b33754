import type { TAiReviewChoicesInput } from '@ppp/contracts';
import { assembleRequest } from './creator-rules.ts';
import type { CreatorState, CreatorUpload } from './creator-state.ts';
import { extrasOf } from './retake-extras.ts';

type Template = Parameters<typeof assembleRequest>[1];

/** What assemble is built from: the upload and every review choice of the build. */
export function buildOf(state: CreatorState, upload: CreatorUpload): Parameters<typeof assembleRequest>[0] {
  const { answers, flubberCuts, internContexts, intern, ttsValues, voices } = state;
  const coverCrop = state.cover?.cover_crop ?? null;
  return { upload, answers, flubberCuts, internContexts, intern, ttsValues, voices, coverCrop, retakeExtras: extrasOf(state) };
}

/**
 * The review's choices exactly as the assemble call will send them (issue 32): the AI title,
 * description and tags written before assembly read the words the episode will play under them,
 * the retakes the creator cut and the answers accepted, not the detector's proposals.
 */
export function aiReviewChoices(state: CreatorState, template: Template): TAiReviewChoicesInput | null {
  if (!state.upload) return null;
  const request = assembleRequest(buildOf(state, state.upload), template, {
    episode_details: { title: '', episodeNumber: 0 },
    publish: {},
  });
  const { flubber_cuts_ms, flubber_indices, intents, intern_answers, sfx_choices, cleanup, manual_cuts } = request;
  return {
    flubber_cuts_ms,
    flubber_indices,
    intents: { flubber: intents?.flubber, intern: intents?.intern, sfx: intents?.sfx },
    intern_answers,
    sfx_choices,
    cleanup,
    manual_cuts,
  };
}
