import { authRoutes } from './auth.routes.ts';
import { googleRoutes } from './google.routes.ts';
import { publicRoutes } from './public.routes.ts';
import { adminRoutes } from './admin.routes.ts';
import { speechModelRoutes } from './speech-models.routes.ts';
import { landingRoutes } from './landing.routes.ts';
import { mediaRoutes } from './media.routes.ts';
import { aiRoutes } from './ai.routes.ts';
import { notificationRoutes, audioCleanupRoutes } from './notifications.routes.ts';
import { notifyAddressRoutes } from './notify-addresses.routes.ts';
import { podcastRoutes } from './podcasts.routes.ts';
import { publishingRoutes } from './publishing.routes.ts';
import { spreakerRoutes } from './spreaker.routes.ts';
import { templateRoutes } from './templates.routes.ts';
import { speechRoutes } from './speech.routes.ts';
import { aiTextRoutes } from './ai-text.routes.ts';
import { rssImportRoutes } from './rss-import.routes.ts';
import { musicRoutes } from './music.routes.ts';
import { billingRoutes } from './billing.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { assemblyRoutes } from './assembly.routes.ts';
import type { RestRoute } from './route.ts';
import { episodeRoutes } from './episodes.routes.ts';
import { episodeCreatorRoutes } from './episode-creator.routes.ts';
import { websiteRoutes } from './website.routes.ts';
import { abWorkspaceRoutes } from './ab-workspace.routes.ts';
import { retranscribeRoutes } from './retranscribe.routes.ts';
import { teamRoutes } from './team.routes.ts';

/** Every REST path of the compatibility layer, in the order of the OpenAPI document. */
export const REST_ROUTES: RestRoute[] = [
  ...publicRoutes,
  ...authRoutes,
  ...googleRoutes,
  ...adminRoutes,
  ...speechModelRoutes,
  ...mediaRoutes,
  ...aiRoutes,
  ...notificationRoutes,
  ...audioCleanupRoutes,
  ...notifyAddressRoutes,
];
REST_ROUTES.push(...landingRoutes);
REST_ROUTES.push(...podcastRoutes, ...publishingRoutes, ...spreakerRoutes);
REST_ROUTES.push(...templateRoutes, ...speechRoutes, ...aiTextRoutes);
REST_ROUTES.push(...rssImportRoutes);
REST_ROUTES.push(...billingRoutes, ...paymentsRoutes, ...assemblyRoutes);
// After publishing's /api/episodes/summary: a fixed path must win over /api/episodes/{id}.
REST_ROUTES.push(...episodeRoutes, ...episodeCreatorRoutes);
REST_ROUTES.push(...musicRoutes);
REST_ROUTES.push(...websiteRoutes);
REST_ROUTES.push(...abWorkspaceRoutes);
REST_ROUTES.push(...retranscribeRoutes);
REST_ROUTES.push(...teamRoutes);
