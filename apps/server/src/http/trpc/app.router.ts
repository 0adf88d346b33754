import { router } from './init.ts';
import { authRouter } from './routers/auth.router.ts';
import { usersRouter } from './routers/users.router.ts';
import { publicRouter } from './routers/public.router.ts';
import { adminRouter } from './routers/admin.router.ts';
import { speechModelsRouter } from './routers/speech-models.router.ts';
import { landingRouter } from './routers/landing.router.ts';
import { mediaRouter } from './routers/media.router.ts';
import { mediaUploadsRouter } from './routers/media-uploads.router.ts';
import { notificationsRouter } from './routers/notifications.router.ts';
import { notifyAddressesRouter } from './routers/notify-addresses.router.ts';
import { audioCleanupRouter } from './routers/audio-cleanup.router.ts';
import { transcriptsRouter } from './routers/transcripts.router.ts';
import { rssImportRouter } from './routers/rss-import.router.ts';
import { podcastsRouter } from './routers/podcasts.router.ts';
import { publishingRouter } from './routers/publishing.router.ts';
import { spreakerRouter } from './routers/spreaker.router.ts';
import { templatesRouter } from './routers/templates.router.ts';
import { speechRouter } from './routers/speech.router.ts';
import { aiTextRouter } from './routers/ai-text.router.ts';
import { billingRouter } from './routers/billing.router.ts';
import { assemblyRouter } from './routers/assembly.router.ts';
import { episodesRouter } from './routers/episodes.router.ts';
import { dashboardRouter } from './routers/dashboard.router.ts';
import { musicRouter } from './routers/music.router.ts';
import { episodeCreatorRouter } from './routers/episode-creator.router.ts';
import { websiteRouter } from './routers/website.router.ts';
import { abWorkspaceRouter } from './routers/ab-workspace.router.ts';
import { retranscribeRouter } from './routers/retranscribe.router.ts';
import { teamRouter } from './routers/team.router.ts';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  public: publicRouter,
  admin: adminRouter,
  adminSpeech: speechModelsRouter,
  landing: landingRouter,
  media: mediaRouter,
  mediaUploads: mediaUploadsRouter,
  notifications: notificationsRouter,
  notifyAddresses: notifyAddressesRouter,
  audioCleanup: audioCleanupRouter,
  transcripts: transcriptsRouter,
  rssImport: rssImportRouter,
  podcasts: podcastsRouter,
  publishing: publishingRouter,
  spreaker: spreakerRouter,
  templates: templatesRouter,
  speech: speechRouter,
  aiText: aiTextRouter,
  billing: billingRouter,
  assembly: assemblyRouter,
  music: musicRouter,
  episodes: episodesRouter,
  dashboard: dashboardRouter,
  episodeCreator: episodeCreatorRouter,
  website: websiteRouter,
  abWorkspace: abWorkspaceRouter,
  retranscribe: retranscribeRouter,
  team: teamRouter,
});
export type AppRouter = typeof appRouter;
