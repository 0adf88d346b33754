import type { EntityManager } from '@mikro-orm/postgresql';
import type { SharedDeps } from '../services.ts';
import type { CoreServices } from '../core-services.ts';
import type { UsageService } from '../billing/usage.service.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { CreatorPorts } from './creator-services.ts';
import { createCreatorServices } from './creator-services.ts';
import { createEpisodeServices } from './episode-services.ts';
import { AssemblyService } from './assembly.service.ts';
import { EpisodeRendersService } from './episode-renders.service.ts';
import { EpisodeRendersRepository } from './episode-renders.repository.ts';
import { EpisodesRepository } from './episodes.repository.ts';
import { EpisodeMediaRepository } from './episode-media.repository.ts';
import { EpisodeLinks } from './episode-links.ts';
import { UrlSigner } from '../storage/url-signer.ts';
import { SettingsRepository } from '../settings/settings.repository.ts';
import { AiTextService } from '../ai-text/ai-text.service.ts';
import { PublishedWordsService } from './published-words.service.ts';
import { textAiEngines } from '../ai-text/text-ai-engine.ts';

type ProductionDeps = Omit<CreatorPorts, 'aiText' | 'features'> & {
  core: CoreServices;
  templates: TemplatesService;
  usage: UsageService;
};

/** Making episodes in one unit of work: assembly and renders, the episodes themselves, AI text and the creator's tools. */
export function createProductionServices(em: EntityManager, shared: SharedDeps, deps: ProductionDeps) {
  const { core, templates, usage, ...ports } = deps;
  const features = core.plans;
  const assembly = new AssemblyService({
    episodes: new EpisodesRepository(em),
    media: new EpisodeMediaRepository(em),
    storage: shared.storage,
    jobs: shared.jobs,
    links: new EpisodeLinks(new UrlSigner(new SettingsRepository(em))),
    templates,
    transcripts: ports.transcripts,
    usage,
    speech: ports.speech,
    features,
  });
  const aiText = new AiTextService({
    engines: textAiEngines(shared.config),
    limits: core.limits,
    transcripts: ports.transcripts,
    episodes: new EpisodesRepository(em),
    templates,
    audioCleanup: ports.audioCleanup,
    publishedWords: new PublishedWordsService({ storage: shared.storage, media: new EpisodeMediaRepository(em) }),
  });
  return {
    ...createEpisodeServices(em, shared, { assembly, minutes: usage, features }),
    aiText,
    assembly,
    renders: new EpisodeRendersService({
      renders: new EpisodeRendersRepository(em),
      episodes: new EpisodesRepository(em),
      media: new EpisodeMediaRepository(em),
      storage: shared.storage,
      jobs: shared.jobs,
      speech: ports.speech,
      audioCleanup: ports.audioCleanup,
      notifications: core.notifications,
    }),
    ...createCreatorServices(em, shared, { ...ports, aiText, features }),
  };
}
