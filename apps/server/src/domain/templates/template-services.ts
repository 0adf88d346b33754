import type { EntityManager } from '@mikro-orm/postgresql';
import type { SharedDeps } from '../services.ts';
import { TemplatesService } from './templates.service.ts';
import { TemplatesRepository } from './templates.repository.ts';
import { RecurringSchedulesService } from './recurring-schedules.service.ts';
import { PodcastsRepository } from '../podcasts/podcasts.repository.ts';
import { EpisodeMediaRepository } from '../episodes/episode-media.repository.ts';
import type { TemplateVoiceLookup } from './template-voices.ts';

/** Templates of one unit of work and the recurring schedules that use them. */
export function createTemplateServices(em: EntityManager, shared: SharedDeps, voices: TemplateVoiceLookup) {
  const rows = new TemplatesRepository(em);
  const templates = new TemplatesService(
    rows,
    new PodcastsRepository(em),
    {
      storage: shared.storage,
      clips: new EpisodeMediaRepository(em),
    },
    voices,
  );
  return { templates, recurringSchedules: new RecurringSchedulesService(rows, templates) };
}
