import type { TJobName } from '@ppp/contracts';
import { authCleanupJob } from './auth-cleanup.job.ts';
import { audioTranscribeJob } from './audio-transcribe.job.ts';
import { audioAssembleJob } from './audio-assemble.job.ts';
import { uploadsCleanupJob } from './uploads-cleanup.job.ts';
import { uploadsQueueExpiryJob } from './uploads-queue-expiry.job.ts';
import { rssImportJob, rssMirrorJob, rssMirrorCleanupJob } from './rss-import.job.ts';
import { publishEpisodeJob } from './publish-episode.job.ts';
import { publishAfterRenderJob } from './publish-after-render.job.ts';
import { transcriptsRetranscribeFallbackJob } from './transcripts-retranscribe-fallback.job.ts';
import { websiteDomainsCheckJob } from './website-domains-check.job.ts';
import { feedAnnounceJob } from './feed-announce.job.ts';
import type { JobDefinition } from './job.ts';

/** Every job the worker consumes. */
export const JOB_DEFINITIONS: { [N in TJobName]: JobDefinition<N> } = {
  'auth.cleanup': authCleanupJob,
  'audio.transcribe': audioTranscribeJob,
  'audio.assemble': audioAssembleJob,
  'uploads.cleanup': uploadsCleanupJob,
  'uploads.queue-expiry': uploadsQueueExpiryJob,
  'rss.import': rssImportJob,
  'rss.mirror': rssMirrorJob,
  'rss.mirror-cleanup': rssMirrorCleanupJob,
  'publish.episode': publishEpisodeJob,
  'publish.after-render': publishAfterRenderJob,
  'transcripts.retranscribe-fallback': transcriptsRetranscribeFallbackJob,
  'website.domains-check': websiteDomainsCheckJob,
  'feed.announce': feedAnnounceJob,
};
