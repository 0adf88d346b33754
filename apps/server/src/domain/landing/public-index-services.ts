import type { EntityManager } from '@mikro-orm/postgresql';
import { PublicIndexRepository } from './public-index.repository.ts';
import { PublicIndexService } from './public-index.service.ts';

/** The installation's robots.txt and sitemap for one unit of work. */
export function publicIndexFor(em: EntityManager, baseUrl: string): PublicIndexService {
  return new PublicIndexService({ rows: new PublicIndexRepository(em), baseUrl });
}
