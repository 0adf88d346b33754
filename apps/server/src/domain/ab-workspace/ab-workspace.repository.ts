import { z } from 'zod';
import { AB_MESSAGES, type AbLibrary, type AbLibraryFile, type TAbSectionType } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import { MediaItemSchema, type MediaItem } from '../media/media-item.entity.ts';
import { PodcastSchema, type Podcast } from '../podcasts/podcast.entity.ts';
import { EpisodeSchema, type Episode } from '../episodes/episode.entity.ts';
import { AbDraftSchema, type AbDraft } from './ab-draft.entity.ts';
import { AbSavedSectionSchema, type AbSavedSection } from './ab-saved-section.entity.ts';
import { Repository } from '../../db/repository.ts';

const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;

/** All ORM access of the /ab workspace: drafts, saved sections, and what they look up of uploads, shows and episodes. */
export class AbWorkspaceRepository extends Repository {
  findDrafts(userId: string, podcastId?: string): Promise<AbDraft[]> {
    const where = podcastId ? { user: userId, podcast: podcastId } : { user: userId };
    return this.em.find(AbDraftSchema, where, { populate: ['upload'], orderBy: { createdAt: 'desc' } });
  }

  /** Another user's draft is a 404 like a missing one. */
  async getDraft(userId: string, id: string): Promise<AbDraft> {
    const draft = isUuid(id) ? await this.em.findOne(AbDraftSchema, { id, user: userId }, { populate: ['upload'] }) : null;
    if (!draft) throw new AppError('NOT_FOUND', AB_MESSAGES.draftNotFound);
    return draft;
  }

  findDraftByUpload(userId: string, uploadId: string): Promise<AbDraft | null> {
    return this.em.findOne(AbDraftSchema, { user: userId, upload: uploadId }, { populate: ['upload'] });
  }

  /** The user's main-content upload; another user's is a 404. */
  async getUpload(userId: string, id: string): Promise<MediaItem> {
    const item = isUuid(id) ? await this.em.findOne(MediaItemSchema, { id, user: userId, category: 'main_content' }) : null;
    if (!item) throw new AppError('NOT_FOUND', AB_MESSAGES.fileNotAvailable);
    return item;
  }

  /** The user's show; null when it is not theirs. */
  findShow(userId: string, id: string): Promise<Podcast | null> {
    return isUuid(id) ? this.em.findOne(PodcastSchema, { id, user: userId }) : Promise.resolve(null);
  }

  async firstShow(userId: string): Promise<Podcast | null> {
    const [show] = await this.em.find(PodcastSchema, { user: userId }, { orderBy: { createdAt: 'asc' }, limit: 1 });
    return show ?? null;
  }

  createDraft(data: { user: string; upload: string; podcast: string | null; nickname: string | null }): AbDraft {
    return this.em.create(AbDraftSchema, { ...data, segmentOverrides: [] });
  }

  findEpisode(userId: string, id: string | null): Promise<Episode | null> {
    return id ? this.em.findOne(EpisodeSchema, { id, user: userId }) : Promise.resolve(null);
  }

  /** Processed or published episodes of a show: five of them unlock AI suggestions. */
  countFinishedEpisodes(userId: string, podcastId: string): Promise<number> {
    return this.em.count(EpisodeSchema, { user: userId, podcast: podcastId, status: { $in: ['processed', 'published'] } });
  }

  /** The user's library files of a category (intro or outro): another user's files are never among them. */
  async libraryFiles(userId: string, category: TAbSectionType): Promise<AbLibraryFile[]> {
    const items = await this.em.find(MediaItemSchema, { user: userId, category }, { fields: ['id', 'filename'] });
    return items.map((item) => ({ id: item.id, filename: item.filename }));
  }

  /** The user's intro and outro files, for the intro/outro check. */
  async library(userId: string): Promise<AbLibrary> {
    return { intro: await this.libraryFiles(userId, 'intro'), outro: await this.libraryFiles(userId, 'outro') };
  }

  findSections(userId: string, podcastId: string | null | undefined, options: { type?: TAbSectionType; limit?: number } = {}) {
    const where = {
      user: userId,
      ...(podcastId ? { podcast: podcastId } : {}),
      ...(options.type ? { sectionType: options.type } : {}),
    };
    return this.em.find(AbSavedSectionSchema, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      ...(options.limit ? { limit: options.limit } : {}),
    });
  }

  countSections(userId: string, podcastId: string | null, type: TAbSectionType): Promise<number> {
    return this.em.count(AbSavedSectionSchema, { user: userId, podcast: podcastId, sectionType: type });
  }

  createSection(data: Omit<AbSavedSection, 'id' | 'createdAt' | 'user' | 'podcast'> & { user: string; podcast: string | null }) {
    return this.em.create(AbSavedSectionSchema, data);
  }
}
