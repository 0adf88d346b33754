import { describePlan, planEnhancement, profileSpeech } from '@ppp/audio';
import {
  ENHANCEMENT,
  ENHANCEMENT_MESSAGES,
  type TEnhancePreview,
  type TEnhancePreviewRequest,
  ZEnhancePreviewRequest,
} from '@ppp/contracts';
import { AppError, notFound } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import type { EpisodeMediaRepository } from './episode-media.repository.ts';
import { msPart, type UploadSnippets } from './upload-snippets.ts';

export interface EnhancePreviewDeps {
  media: Pick<EpisodeMediaRepository, 'findMedia'>;
  snippets: UploadSnippets;
}

/**
 * The A/B preview of speech enhancement (issue 33): the same 15 s of a creator's upload as recorded
 * and as enhanced, cut and cleaned once and kept with the upload's other review snippets, with what
 * enhancement does to that recording in plain words.
 */
export class EnhancePreviewService {
  private readonly deps: EnhancePreviewDeps;
  constructor(deps: EnhancePreviewDeps) {
    this.deps = deps;
  }

  async preview(user: User, request: TEnhancePreviewRequest): Promise<TEnhancePreview> {
    const { media_id, start_s } = ZEnhancePreviewRequest.parse(request);
    const upload = await this.deps.media.findMedia(user.id, media_id);
    if (!upload || upload.category !== 'main_content') throw notFound();
    const duration = upload.durationSeconds ?? 0;
    const start = duration > 0 ? Math.min(start_s, Math.max(0, duration - ENHANCEMENT.previewSeconds)) : start_s;
    const end = duration > 0 ? Math.min(duration, start + ENHANCEMENT.previewSeconds) : start + ENHANCEMENT.previewSeconds;
    const span = `${msPart(start)}-${msPart(end)}`;
    const original = `enhance-a-${span}.mp3`;
    const enhanced = `enhance-b-${span}.mp3`;
    const ready = await this.deps.snippets.ensure(upload, [
      { name: original, start, end },
      { name: enhanced, start, end, enhance: true },
    ]);
    if (!ready.has(original) || !ready.has(enhanced)) throw new AppError('CONFLICT', ENHANCEMENT_MESSAGES.previewFailed);
    const profile = await this.deps.snippets.withLocal(upload, original, (file) => profileSpeech(file));
    return {
      media_id: upload.id,
      start_s: start,
      end_s: end,
      original_url: await this.deps.snippets.url(upload, original),
      enhanced_url: await this.deps.snippets.url(upload, enhanced),
      steps: describePlan(planEnhancement(profile)),
      noise_floor_db: Math.round(profile.noiseFloorDb * 10) / 10,
      snr_db: Math.round(profile.snrDb * 10) / 10,
    };
  }
}
