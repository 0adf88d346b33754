import type { EntityManager } from '@mikro-orm/postgresql';
import { publicUrl, type TConfig } from '../../config.ts';
import type { CoreServices } from '../core-services.ts';
import type { MediaService } from '../media/media.service.ts';
import { TranscriptsService } from './transcripts.service.ts';
import { TranscriptsRepository } from './transcripts.repository.ts';
import { TranscriptReviewService } from './transcript-review.service.ts';
import { NotifyAddressesRepository } from '../mail/notify-addresses.repository.ts';
import { AudioCleanupService } from '../audio-cleanup/audio-cleanup.service.ts';
import { AudioCleanupRepository } from '../audio-cleanup/audio-cleanup.repository.ts';
import { EpisodesRepository } from '../episodes/episodes.repository.ts';
import { mediaKey, type StoragePort } from '../storage/storage.ts';

/** Transcripts of one unit of work, the audio-cleanup settings and the review that applies them. */
export function createTranscriptServices(
  em: EntityManager,
  config: TConfig,
  core: CoreServices,
  media: MediaService,
  storage: StoragePort,
) {
  const repository = new TranscriptsRepository(em);
  const transcripts = new TranscriptsService({
    repository,
    notifications: core.notifications,
    mail: core.mail,
    notifyAddresses: new NotifyAddressesRepository(em),
    publicUrl: publicUrl(config),
  });
  const audioCleanup = new AudioCleanupService(new AudioCleanupRepository(em));
  const transcriptReview = new TranscriptReviewService({
    repository,
    audioCleanup,
    episodes: new EpisodesRepository(em),
    sfxKeywords: (userId) => media.sfxKeywords(userId),
    // The transcribe job keeps the working copy beside the upload (audio.transcribe).
    workingCopy: async (userId, mediaId) => {
      const key = mediaKey(userId, mediaId, 'working.wav');
      return (await storage.stat(key)) === null ? null : storage.localPath(key);
    },
    // Beside the working copy, so deleting the upload deletes it too.
    evidenceStore: (userId, mediaId) => {
      const key = mediaKey(userId, mediaId, 'evidence.bin');
      return {
        read: async () => ((await storage.stat(key)) === null ? null : storage.readBytes(key)),
        write: async (bytes) => void (await storage.putBytes(key, bytes)),
      };
    },
  });
  // Issue 18: settings changed after an upload was transcribed apply to it until it is assembled.
  audioCleanup.onSaved((userId) => transcriptReview.rescanUnassembled(userId));
  media.onSfxKeywordsChanged((userId) => transcriptReview.rescanUnassembled(userId));
  return { transcripts, audioCleanup, transcriptReview };
}
