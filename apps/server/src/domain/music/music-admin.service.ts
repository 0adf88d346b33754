import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import {
  ADMIN_MESSAGES,
  MUSIC_ADMIN_MESSAGES,
  type ZAdminMusicAssetUpdate,
  type ZAdminMusicImportRequest,
  type ZAdminMusicUploadFields,
  type TAdminMusicAsset,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { IncomingFile, MediaUploadService } from '../media/media-upload.service.ts';
import { extensionOf, storedFilename } from '../media/upload-rules.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { RateLimitService } from '../auth/rate-limit.service.ts';
import type { TConfig } from '../../config.ts';
import type { User } from '../users/user.entity.ts';
import { fetchMusicFile } from './music-fetch.ts';
import type { MusicAsset } from './music-asset.entity.ts';
import type { MusicRepository } from './music.repository.ts';
import { toMusicAssetDto } from './music-asset.dto.ts';

export interface MusicAdminDeps {
  repository: MusicRepository;
  storage: StoragePort;
  uploads: Pick<MediaUploadService, 'checkLibraryAudio'>;
  limits: Pick<RateLimitService, 'takeOutboundFetch'>;
  config: TConfig;
}

/** Where an admin's asset is stored. */
export function uploadedMusicKey(id: string, fileName: string): string {
  return `music/uploads/${id}/original.${extensionOf(fileName)}`;
}

function toAdminDto(asset: MusicAsset): TAdminMusicAsset {
  const source = asset.source === 'upload' ? 'upload' : asset.source === 'url' ? 'url' : 'builtin';
  return { ...toMusicAssetDto(asset), source, size_bytes: asset.sizeBytes, created_at: asset.createdAt };
}

/**
 * The admin's Music Library tab (spec 002 sections 2.14 and 7): the instance's shared beds, which
 * onboarding and every creator's template editor offer. An upload gets a creator's checks of a
 * music file (size limit, real audio by content).
 */
export class MusicAdminService {
  private readonly deps: MusicAdminDeps;
  constructor(deps: MusicAdminDeps) {
    this.deps = deps;
  }

  /** Every active asset, built-in ones first, then in the order they were added. */
  async list(): Promise<TAdminMusicAsset[]> {
    const rows = await this.deps.repository.listActive();
    return rows.map(toAdminDto);
  }

  /** POST /api/admin/music/assets/upload: one checked audio file with its name and moods. */
  async upload(file: IncomingFile | undefined, fields: z.output<typeof ZAdminMusicUploadFields>): Promise<TAdminMusicAsset> {
    if (!file) throw new AppError('VALIDATION', MUSIC_ADMIN_MESSAGES.noFileSelected);
    return this.store(file, fields, 'upload');
  }

  /**
   * POST /api/admin/music/assets/import-url: counted against the outbound fetch rate first, then
   * fetched through the guarded fetch RSS import uses (no private addresses, redirects re-checked,
   * the library's size limit as a byte cap) and checked like an upload (size, probed as real audio
   * through the demuxer allowlist) before anything is kept.
   */
  async importUrl(admin: Pick<User, 'id'>, request: z.output<typeof ZAdminMusicImportRequest>): Promise<TAdminMusicAsset> {
    await this.deps.limits.takeOutboundFetch('music-import', admin.id);
    const dir = await mkdtemp(path.join(tmpdir(), 'ppp-music-import-'));
    try {
      const file = await fetchMusicFile(this.deps.config, request.source_url, dir);
      return await this.store(file, request, 'url');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async store(
    file: IncomingFile,
    fields: { display_name: string; mood_tags: string[] },
    source: 'upload' | 'url',
  ): Promise<TAdminMusicAsset> {
    const inspected = await this.deps.uploads.checkLibraryAudio(file, 'music');
    const id = randomUUID();
    const key = uploadedMusicKey(id, file.name);
    const stored = await this.deps.storage.putFile(key, file.path);
    const asset = this.deps.repository.create({
      id,
      displayName: fields.display_name,
      moodTags: fields.mood_tags,
      filename: storedFilename(file.name, id),
      storageKey: key,
      contentType: inspected.contentType,
      sizeBytes: stored.size,
      durationSeconds: inspected.durationSeconds,
      source,
    });
    await this.deps.repository.flush();
    return toAdminDto(asset);
  }

  /** PUT /api/admin/music/assets/{id}: a new display name and mood tags. */
  async update(id: string, patch: z.output<typeof ZAdminMusicAssetUpdate>): Promise<TAdminMusicAsset> {
    const asset = await this.find(id);
    asset.displayName = patch.display_name;
    asset.moodTags = patch.mood_tags;
    await this.deps.repository.flush();
    return toAdminDto(asset);
  }

  /**
   * DELETE /api/admin/music/assets/{id}. An added asset goes with its file; a built-in bed is only
   * switched off (its row stays, so starting again does not render it back). Creators' copies in
   * their own media are theirs and stay.
   */
  async remove(id: string): Promise<void> {
    const asset = await this.find(id);
    if (asset.source === 'builtin') {
      asset.isActive = false;
      await this.deps.repository.flush();
      return;
    }
    try {
      await this.deps.storage.delete(asset.storageKey);
    } catch {
      throw new AppError('INTERNAL', ADMIN_MESSAGES.deleteAssetFailed);
    }
    await this.deps.repository.remove(asset);
  }

  private async find(id: string): Promise<MusicAsset> {
    return orNotFound(await this.deps.repository.findActive(id), MUSIC_ADMIN_MESSAGES.assetNotFound);
  }
}
