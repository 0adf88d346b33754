import type { EntityManager } from '@mikro-orm/postgresql';
import type { SharedDeps } from '../services.ts';
import { UrlSigner } from '../storage/url-signer.ts';
import { SettingsRepository } from '../settings/settings.repository.ts';
import type { TranscriptsService } from '../transcripts/transcripts.service.ts';
import type { AudioCleanupService } from '../audio-cleanup/audio-cleanup.service.ts';
import type { AiTextService } from '../ai-text/ai-text.service.ts';
import type { SpeechService } from '../speech/speech.service.ts';
import type { TtsService } from '../speech/tts.service.ts';
import type { MediaService } from '../media/media.service.ts';
import type { PublishingService } from '../publishing/publishing.service.ts';
import { UploadSnippets } from './upload-snippets.ts';
import { EnhancePreviewService } from './enhance-preview.service.ts';
import { FlubberByFileService } from './flubber-by-file.service.ts';
import { InternReviewService } from './intern-review.service.ts';
import { InternAnswersRepository } from './intern-answers.repository.ts';
import { AssemblyPublishService } from './assembly-publish.service.ts';
import { EpisodeMediaRepository } from './episode-media.repository.ts';
import { EpisodeRendersRepository } from './episode-renders.repository.ts';
import type { FeatureGate } from '../billing/feature-gate.ts';

export interface CreatorPorts {
  transcripts: TranscriptsService;
  audioCleanup: AudioCleanupService;
  aiText: AiTextService;
  speech: SpeechService;
  tts: TtsService;
  media: MediaService;
  publishing: PublishingService;
  features: FeatureGate;
}

/** The Episode Creator's calls (issue 7): retakes and Intern commands of an upload, and publishing after assembly. */
export function createCreatorServices(em: EntityManager, shared: SharedDeps, ports: CreatorPorts) {
  const snippets = new UploadSnippets({
    media: new EpisodeMediaRepository(em),
    storage: shared.storage,
    signer: new UrlSigner(new SettingsRepository(em)),
  });
  return {
    uploadSnippets: snippets,
    enhancePreview: new EnhancePreviewService({ media: new EpisodeMediaRepository(em), snippets }),
    flubberByFile: new FlubberByFileService({
      transcripts: ports.transcripts,
      audioCleanup: ports.audioCleanup,
      snippets,
      features: ports.features,
    }),
    internReview: new InternReviewService({
      answers: new InternAnswersRepository(em),
      snippets,
      ...ports,
      connectionString: String(em.config.get('clientUrl')),
    }),
    assemblyPublish: new AssemblyPublishService({ renders: new EpisodeRendersRepository(em), publishing: ports.publishing }),
  };
}
