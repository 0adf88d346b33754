import type { EntityManager } from '@mikro-orm/postgresql';
import type { SharedDeps } from '../services.ts';
import type { CoreServices } from '../core-services.ts';
import { UrlSigner } from '../storage/url-signer.ts';
import { SettingsRepository } from '../settings/settings.repository.ts';
import { MediaService } from './media.service.ts';
import { MediaRepository } from './media.repository.ts';
import { MediaUploadService } from './media-upload.service.ts';
import { UploadQueueService } from './upload-queue.service.ts';
import { TranscriptionQueueRepository } from './transcription-queue.repository.ts';
import { UploadQueueRepository } from './upload-queue.repository.ts';
import { UnfinishedUploads } from './unfinished-uploads.ts';
import { UnfinishedUploadsRepository } from './unfinished-uploads.repository.ts';
import { MusicLibraryService } from '../music/music-library.service.ts';
import { MusicAdminService } from '../music/music-admin.service.ts';
import { MusicRepository } from '../music/music.repository.ts';

/** The media library of one unit of work: media items, uploads and their queue, and the music library. */
export function createMediaServices(em: EntityManager, shared: SharedDeps, core: CoreServices) {
  const { storage, jobs, config } = shared;
  const mediaRows = new MediaRepository(em);
  const musicRows = new MusicRepository(em);
  const media = new MediaService({
    repository: mediaRows,
    storage,
    jobs,
    signer: new UrlSigner(new SettingsRepository(em)),
    queue: { rows: new TranscriptionQueueRepository(em), concurrency: config.WORKER_CONCURRENCY },
  });
  const uploadQueue = new UploadQueueService({
    repo: new UploadQueueRepository(em),
    plans: core.plans,
    tiers: core.tiers,
    mail: core.mail,
    storage,
  });
  const uploads = new MediaUploadService({
    repository: mediaRows,
    storage,
    jobs,
    settings: core.settings,
    queue: uploadQueue,
    notifyAddresses: core.notifyAddresses,
  });
  return {
    media,
    uploads,
    uploadQueue,
    unfinishedUploads: new UnfinishedUploads(new UnfinishedUploadsRepository(em)),
    music: new MusicLibraryService({ repository: musicRows, media: mediaRows, storage }),
    musicAdmin: new MusicAdminService({ repository: musicRows, storage, uploads, limits: core.limits, config }),
  };
}
