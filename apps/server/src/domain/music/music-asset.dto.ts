import { MUSIC, type TMusicAsset } from '@ppp/contracts';
import type { MusicAsset } from './music-asset.entity.ts';

/** A library bed as GET /api/music/assets lists it: preview and full file are the same public URL. */
export function toMusicAssetDto(asset: MusicAsset): TMusicAsset {
  const url = MUSIC.filePath(asset.id);
  return {
    id: asset.id,
    display_name: asset.displayName,
    mood_tags: asset.moodTags,
    preview_url: url,
    url,
    filename: asset.filename,
    duration_seconds: asset.durationSeconds ?? null,
  };
}
