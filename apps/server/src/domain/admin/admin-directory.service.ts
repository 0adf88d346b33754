import {
  ZAdminPodcastsQuery,
  ZAdminUsersQuery,
  type TAdminPodcastsPage,
  type TAdminPodcastsQuery,
  type TAdminUsersPage,
  type TAdminUsersQuery,
} from '@ppp/contracts';
import { parseInput } from '../validation.ts';
import type { AdminDirectoryRepository } from './admin-directory.repository.ts';

/** The Users and Podcasts tabs: pages of every account and every show. */
export class AdminDirectoryService {
  private readonly repo: AdminDirectoryRepository;
  constructor(repo: AdminDirectoryRepository) {
    this.repo = repo;
  }

  async users(input: TAdminUsersQuery): Promise<TAdminUsersPage> {
    const query = parseInput(ZAdminUsersQuery, input);
    const page = await this.repo.usersPage({ search: query.search || undefined, limit: query.limit, offset: query.offset });
    return { ...page, offset: query.offset };
  }

  async podcasts(input: TAdminPodcastsQuery): Promise<TAdminPodcastsPage> {
    const query = parseInput(ZAdminPodcastsQuery, input);
    const page = await this.repo.podcastsPage({ ownerEmail: query.owner_email || undefined, limit: query.limit, offset: query.offset });
    return { ...page, offset: query.offset };
  }
}
