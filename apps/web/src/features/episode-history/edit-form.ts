import {
  EPISODE_MESSAGES,
  normalizeEpisodeTags,
  ZEpisodePodcasting20,
  type TEpisode,
  type TEpisodePodcasting20,
  type TEpisodeUpdateRequest,
} from '@ppp/contracts';

/** The edit panel's fields as typed (numbers and tags as text). */
export interface EditValues {
  title: string;
  description: string;
  tags: string;
  is_explicit: boolean;
  season_number: string;
  episode_number: string;
  template_id: string | null;
  cover_image_path: string | null;
  /** Guests, soundbites, location, license, season name and note (the Podcasting 2.0 section). */
  podcasting20: TEpisodePodcasting20;
}

export function valuesOf(episode: TEpisode): EditValues {
  return {
    title: episode.title,
    description: episode.description,
    tags: episode.tags.join(', '),
    is_explicit: episode.is_explicit,
    season_number: episode.season_number === null ? '' : String(episode.season_number),
    episode_number: episode.episode_number === null ? '' : String(episode.episode_number),
    template_id: episode.template_id,
    cover_image_path: episode.cover_path,
    podcasting20: episode.podcasting20,
  };
}

/** A season or episode field: empty, or a whole number of 0 or more. */
export function numberProblem(text: string): string | null {
  return text.trim() === '' || /^\d+$/.test(text.trim()) ? null : EPISODE_MESSAGES.notNumber;
}

/** The first thing the contract refuses in the Podcasting 2.0 section, as 'field: message'; null when it is fine. */
export function podcasting20Problem(value: TEpisodePodcasting20): string | null {
  const issue = ZEpisodePodcasting20.safeParse(value).error?.issues[0];
  return issue ? `${issue.path.join(' ')}: ${issue.message}` : null;
}

const asNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** Only what changed, normalised as the server keeps it; empty when nothing did (Save stays disabled). */
export function changesOf(episode: TEpisode, values: EditValues): TEpisodeUpdateRequest {
  const before = valuesOf(episode);
  const changes: TEpisodeUpdateRequest = {};
  if (values.title.trim() !== before.title) changes.title = values.title.trim();
  if (values.description !== before.description) changes.description = values.description;
  const tags = normalizeEpisodeTags(values.tags);
  if (tags.join('\u0000') !== episode.tags.join('\u0000')) changes.tags = tags;
  if (values.is_explicit !== before.is_explicit) changes.is_explicit = values.is_explicit;
  if (values.season_number.trim() !== before.season_number) changes.season_number = asNumber(values.season_number);
  if (values.episode_number.trim() !== before.episode_number) changes.episode_number = asNumber(values.episode_number);
  if (values.template_id !== before.template_id) changes.template_id = values.template_id;
  if (values.cover_image_path !== before.cover_image_path) changes.cover_image_path = values.cover_image_path;
  if (JSON.stringify(values.podcasting20) !== JSON.stringify(before.podcasting20)) changes.podcasting20 = values.podcasting20;
  return changes;
}

/** Another episode of the same show with this season and episode number (the warning banner; the save is blocked). */
export function duplicateOf(
  episode: Pick<TEpisode, 'id' | 'podcast_id'>,
  values: Pick<EditValues, 'season_number' | 'episode_number'>,
  others: readonly Pick<TEpisode, 'id' | 'podcast_id' | 'season_number' | 'episode_number' | 'title'>[],
): Pick<TEpisode, 'id' | 'title'> | null {
  if (numberProblem(values.season_number) || numberProblem(values.episode_number)) return null;
  const season = asNumber(values.season_number);
  const number = asNumber(values.episode_number);
  if (number === null) return null;
  return (
    others.find(
      (o) => o.id !== episode.id && o.podcast_id === episode.podcast_id && o.season_number === season && o.episode_number === number,
    ) ?? null
  );
}
