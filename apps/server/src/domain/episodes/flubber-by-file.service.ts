import type { z } from 'zod';
import { detectFlubberMarkers, toMatchWords } from '@ppp/audio';
import { CLEANUP, type TFlubberPrepareByFileResponse, type ZFlubberPrepareByFileRequest } from '@ppp/contracts';
import type { FeatureGate, PlanUser } from '../billing/feature-gate.ts';
import type { TranscriptsService } from '../transcripts/transcripts.service.ts';
import type { AudioCleanupService } from '../audio-cleanup/audio-cleanup.service.ts';
import { flubberSnippetRange, toFlubberContext } from './flubber-review.service.ts';
import { retakeReviewContexts } from './retake-review-contexts.ts';
import { msPart, type UploadSnippets } from './upload-snippets.ts';

export interface FlubberByFileDeps {
  transcripts: Pick<TranscriptsService, 'readyTranscript'>;
  audioCleanup: Pick<AudioCleanupService, 'get'>;
  snippets: UploadSnippets;
  features: FeatureGate;
}

/**
 * The wizard's retake scan of an upload before any episode exists (POST /api/flubber/prepare-by-file):
 * Flubber detection run again on the stored words with the creator's trigger word at the chosen fuzzy
 * threshold (a lower one finds more), each retake with a real snippet of the upload. At the default
 * threshold the markers are the upload's stored detection's; the wizard sends the chosen cuts to
 * assemble as flubber_cuts_ms, in the same content time, so what is cut is what was reviewed. The
 * repeats found with no marker come along (offered unchecked) and, when fillers are removed, every
 * filler (issue 33).
 */
export class FlubberByFileService {
  private readonly deps: FlubberByFileDeps;
  constructor(deps: FlubberByFileDeps) {
    this.deps = deps;
  }

  async prepare(user: PlanUser, body: z.output<typeof ZFlubberPrepareByFileRequest>): Promise<TFlubberPrepareByFileResponse> {
    const { item, detection, transcript } = await this.deps.transcripts.readyTranscript(user, body.filename);
    await this.deps.features.requireFeature(user, 'flubber');
    // The creator answered 'no' to retakes: nothing to review.
    if (body.intents?.flubber === 'no') return { contexts: [], suggestions: [], fillers: [] };
    const settings = await this.deps.audioCleanup.get(user.id);
    const duration = transcript.durationSeconds ?? item.durationSeconds ?? null;
    const trigger = settings.commands.flubber.trigger_keyword;
    // At the default threshold the stored detection's markers, whose cuts the audio was heard for.
    const markers =
      body.fuzzy_threshold === CLEANUP.defaultFuzzyThreshold
        ? detection.flubber.matches
        : detectFlubberMarkers(toMatchWords(transcript.words), trigger, body.fuzzy_threshold, duration);
    const threshold = Math.round(body.fuzzy_threshold * 100);
    const snippets = markers.map((marker) => {
      const range = flubberSnippetRange(marker, duration);
      return { marker, range, name: `flubber-t${threshold}-${marker.flubber_index}-${msPart(range.start)}-${msPart(range.end)}.mp3` };
    });
    const ready = await this.deps.snippets.ensure(
      item,
      snippets.map(({ name, range }) => ({ name, start: range.start, end: range.end })),
    );
    const contexts = [];
    for (const { marker, range, name } of snippets) {
      contexts.push(toFlubberContext(marker, range, ready.has(name) ? await this.deps.snippets.url(item, name) : null, false));
    }
    const more = await retakeReviewContexts(this.deps.snippets, item, detection, { duration, fillers: settings.removeFillers });
    return { contexts, ...more };
  }
}
