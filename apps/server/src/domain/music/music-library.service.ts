import { randomUUID } from 'node:crypto';
import { MUSIC_BEDS } from '@ppp/audio';
import { MEDIA_MESSAGES, type TMediaItem, type TMusicAssetList } from '@ppp/contracts';
import { orNotFound } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import { mediaKey, type StoragePort } from '../storage/storage.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import { toMediaDto } from '../media/media.dto.ts';
import { storedFilename } from '../media/upload-rules.ts';
import type { MusicAsset } from './music-asset.entity.ts';
import type { MusicRepository } from './music.repository.ts';
import { toMusicAssetDto } from './music-asset.dto.ts';

export interface MusicLibraryDeps {
  repository: MusicRepository;
  /** The user's own media, where a bed is copied. */
  media: Pick<MediaRepository, 'findByOriginalName' | 'create' | 'flush'>;
  storage: StoragePort;
}

/** The shared music library: the beds every signed-in user may pick, and a copy into one's own media. */
export class MusicLibraryService {
  private readonly deps: MusicLibraryDeps;
  constructor(deps: MusicLibraryDeps) {
    this.deps = deps;
  }

  /**
   * GET /api/music/assets: active beds, built-in ones first, then by name; `preparing` while some
   * built-in bed has no row yet (seeding writes a row only once its file is stored).
   */
  async listActive(): Promise<TMusicAssetList> {
    const rows = await this.deps.repository.listActive();
    const seeded = await this.deps.repository.countSeeded(MUSIC_BEDS.map((bed) => bed.key));
    return { assets: rows.map(toMusicAssetDto), preparing: seeded < MUSIC_BEDS.length };
  }

  /** An active asset; a malformed or unknown id is a 404. */
  async getActive(id: string): Promise<MusicAsset> {
    return orNotFound(await this.deps.repository.findActive(id), MEDIA_MESSAGES.mediaNotFound);
  }

  /**
   * Copies a bed into the user's library as a music clip, so a template's music rule names a file of
   * the user's own like any other (the template model of spec 000). Asking twice returns the same copy.
   */
  async addToLibrary(user: Pick<User, 'id'>, id: string): Promise<TMediaItem> {
    const asset = await this.getActive(id);
    const { media, storage } = this.deps;
    const existing = await media.findByOriginalName(user, 'music', asset.filename);
    if (existing && (await storage.stat(existing.storageKey))) return toMediaDto(existing);
    const item =
      existing ??
      media.create({
        id: randomUUID(),
        user: user.id,
        category: 'music',
        friendlyName: asset.displayName,
        originalName: asset.filename,
        filename: '',
        storageKey: '',
        contentType: asset.contentType,
        sizeBytes: 0,
        durationSeconds: asset.durationSeconds ?? null,
        status: 'ready',
      });
    item.filename = storedFilename(asset.filename, item.id);
    item.storageKey = mediaKey(user.id, item.id, 'original.mp3');
    const stored = await storage.putStream(item.storageKey, storage.read(asset.storageKey));
    item.sizeBytes = stored.size;
    await media.flush();
    return toMediaDto(item);
  }
}
