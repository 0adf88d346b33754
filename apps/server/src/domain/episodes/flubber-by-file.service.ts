import type { z } from 'zod';
import { detectFlubberMarkers, toMatchWords } from '@ppp/audio';
import type { TFlubberPrepareByFileResponse, ZFlubberPrepareByFileRequest } from '@ppp/contracts';
import type { FeatureGate, PlanUser } from '../billing/feature-gate.ts';
import type { TranscriptsService } from '../transcripts/transcripts.service.ts';
import type { AudioCleanupService } from '../audio-cleanup/audio-cleanup.service.ts';
import { flubberSnippetRange, toFlubberContext } from './flubber-review.service.ts';
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
 * threshold the indices are the upload's detection's; the wizard sends the chosen cuts to assemble as
 * flubber_cuts_ms, in the same content time, so what is cut is what was reviewed.
 */
export class FlubberByFileService {
  private readonly deps: FlubberByFileDeps;
  constructor(deps: FlubberByFileDeps) {
    this.deps = deps;
  }

  async prepare(user: PlanUser, body: z.output<typeof ZFlubberPrepareByFileRequest>): Promise<TFlubberPrepareByFileResponse> {
    const { item, transcript } = await this.deps.transcripts.readyTranscript(user, body.filename);
    await this.deps.features.requireFeature(user, 'flubber');
    // The creator answered 'no' to retakes: nothing to review.
    if (body.intents?.flubber === 'no') return { contexts: [] };
    const settings = await this.deps.audioCleanup.get(user.id);
    const duration = transcript.durationSeconds ?? item.durationSeconds ?? null;
    const trigger = settings.commands.flubber.trigger_keyword;
    const markers = detectFlubberMarkers(toMatchWords(transcript.words), trigger, body.fuzzy_threshold, duration);
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
    return { contexts };
  }
}
