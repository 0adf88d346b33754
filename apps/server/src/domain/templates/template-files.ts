import type { TBackgroundMusicRule, TSegment } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { ClipRef } from '../episodes/assembly-sources.ts';

/** Where a template's files are looked up: among the user's media items, then in storage. */
export interface TemplateFileLookup {
  storage: Pick<StoragePort, 'stat'>;
  clips: { findClip(userId: string, ref: ClipRef): Promise<MediaItem | null> };
}

/** The wording of a refusal: one for a segment's clip, one for a music rule's bed, each naming the file. */
export interface MissingFileWords {
  segment: (name: string) => string;
  music: (name: string) => string;
}

/** The files a template's static segments and music rules name, each with the sentence that refuses it. */
function namedFiles(
  segments: readonly TSegment[],
  music: readonly TBackgroundMusicRule[],
  words: MissingFileWords,
): { ref: ClipRef; message: string; path: (string | number)[] }[] {
  const files = [];
  for (const [i, segment] of segments.entries()) {
    const source = segment.source;
    if (segment.segment_type === 'content' || source.source_type !== 'static' || !source.filename) continue;
    files.push({ ref: source, message: words.segment(source.filename), path: ['segments', i, 'source', 'filename'] });
  }
  for (const [i, rule] of music.entries()) {
    files.push({
      ref: { media_id: rule.media_id, filename: rule.music_filename },
      message: words.music(rule.music_filename),
      path: ['background_music_rules', i, 'music_filename'],
    });
  }
  return files;
}

/**
 * Refuses (422, naming the file) the first clip or music bed that is not one of the user's media
 * items, or whose file is gone from storage: another user's file is missing for this one. Checked
 * before a template is saved and before an assembly is charged or queued (issue 19).
 */
export async function assertTemplateFiles(
  lookup: TemplateFileLookup,
  userId: string,
  parts: { segments?: readonly TSegment[] | undefined; music?: readonly TBackgroundMusicRule[] | undefined },
  words: MissingFileWords,
): Promise<void> {
  for (const file of namedFiles(parts.segments ?? [], parts.music ?? [], words)) {
    const item = await lookup.clips.findClip(userId, file.ref);
    if (!item || !(await lookup.storage.stat(item.storageKey))) {
      throw new AppError('VALIDATION', file.message, [{ path: file.path, message: file.message }]);
    }
  }
}
