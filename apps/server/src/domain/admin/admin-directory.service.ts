import type { z } from 'zod';
import { type TAdminPodcastsPage, type TAdminUsersPage, type ZAdminPodcastsQuery, type ZAdminUsersQuery } from '@ppp/contracts';
import type { AdminDirectoryRepository } from './admin-directory.repository.ts';

/** The Users and Podcasts tabs: pages of every account and every show. */
export class AdminDirectoryService {
  private readonly repo: AdminDirectoryRepository;
  constructor(repo: AdminDirectoryRepository) {
    this.repo = repo;
  }

  async users(query: z.output<typeof ZAdminUsersQuery>): Promise<TAdminUsersPage> {
    const page = await this.repo.usersPage({ search: query.search || undefined, limit: query.limit, offset: query.offset });
    return { ...page, offset: query.offset };
  }

  async podcasts(query: z.output<typeof ZAdminPodcastsQuery>): Promise<TAdminPodcastsPage> {
    const page = await this.repo.podcastsPage({ ownerEmail: query.owner_email || undefined, limit: query.limit, offset: query.offset });
    return { ...page, offset: query.offset };
  }
}
