import type { z } from 'zod';
import { DEV_TOOLS_MESSAGES, type TDevToolsStatus, type TResetDatabaseResult, type ZResetDatabaseRequest } from '@ppp/contracts';
import { devToolsEnabled, instanceName, type TConfig } from '../../config.ts';
import { AppError } from '../errors.ts';
import { SettingsService } from '../settings/settings.service.ts';
import type { StoragePort } from '../storage/storage.ts';
import { keptEpisodePages } from '../episodes/episode-pages.ts';
import { keptFeeds } from '../publishing/kept-feeds.ts';
import { UrlSigner } from '../storage/url-signer.ts';
import type { User } from '../users/user.entity.ts';
import type { DevToolsRepository } from './dev-tools.repository.ts';

export interface DevToolsDeps {
  repository: DevToolsRepository;
  storage: StoragePort;
  config: TConfig;
}

/** Stored files of what a reset deletes: every account's media, episodes and covers, and the added music. */
const RESET_STORAGE_PREFIXES = ['users/', 'music/uploads/'] as const;

/**
 * The Dev Tools' database reset (spec 002 sections 2.14 and 7, POST /api/dev/reset-database). It
 * exists only with DEV_TOOLS=true outside production (otherwise the path answers 404 as if it
 * did not exist) and only after the admin typed the instance's name.
 */
export class DevToolsService {
  private readonly deps: DevToolsDeps;
  constructor(deps: DevToolsDeps) {
    this.deps = deps;
  }

  status(): TDevToolsStatus {
    return { reset_enabled: devToolsEnabled(this.deps.config), instance_name: instanceName(this.deps.config) };
  }

  /** Empties the instance but for the admin who asks (their account, their session) and the built-in music. */
  async reset(admin: Pick<User, 'id'>, input: z.output<typeof ZResetDatabaseRequest>): Promise<TResetDatabaseResult> {
    if (!devToolsEnabled(this.deps.config)) throw new AppError('NOT_FOUND', 'Not found');
    const { confirm } = input;
    const name = instanceName(this.deps.config);
    if (confirm !== name) throw new AppError('VALIDATION', DEV_TOOLS_MESSAGES.confirmName(name));
    const { tablesCleared, usersRemoved } = await this.deps.repository.reset(admin.id);
    // Settings and the URL signing secret lived in emptied tables.
    SettingsService.clearCache();
    UrlSigner.clearCache();
    keptEpisodePages().clear();
    keptFeeds().clear();
    for (const prefix of RESET_STORAGE_PREFIXES) await this.deps.storage.delete(prefix);
    return { tables_cleared: tablesCleared, users_removed: usersRemoved };
  }
}
