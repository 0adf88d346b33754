import {
  PODCAST_LIMITS,
  isPodcastLanguage,
  PODCAST_MESSAGES,
  coverSizeProblems,
  type TFeedCheckCode,
  type TFeedShow,
  type TPublishableEpisode,
} from '@ppp/contracts';

/** Measured by the caller (image probe); null when the show has no artwork yet. */
export interface ArtworkInfo {
  width: number;
  height: number;
  /** MIME type sniffed from the file's bytes, not its name. */
  mimeType: string;
}

export type FeedProblemCode =
  | TFeedCheckCode
  | 'episode_title'
  | 'episode_description'
  | 'episode_guid'
  | 'episode_enclosure'
  | 'episode_duration'
  | 'episode_number_serial'
  | 'episode_tags';

export interface FeedProblem {
  code: FeedProblemCode;
  /** error: the episode is not published; warning: published, but directories may complain. */
  severity: 'error' | 'warning';
  message: string;
}

const { coverMinPx, coverMimeTypes, nameMinLength, maxTags, maxTagLength } = PODCAST_LIMITS;

/**
 * Checks a show and the episode about to be published against Apple Podcasts' required tags and
 * artwork rules before every publish. Whether the enclosure URL answers is checked by the caller,
 * which can reach the network; this stays pure.
 */
export function validateFeedForPublish(show: TFeedShow, episode: TPublishableEpisode, artwork: ArtworkInfo | null): FeedProblem[] {
  return [...validateShowForFeed(show, artwork), ...validateEpisodeForFeed(show, episode)];
}

export function hasBlockingProblem(problems: readonly FeedProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/** One line for publish_error: the blocking problems, in order. */
export function describeProblems(problems: readonly FeedProblem[]): string {
  return problems
    .filter((p) => p.severity === 'error')
    .map((p) => p.message)
    .join(' ');
}

function error(code: FeedProblemCode, message: string): FeedProblem {
  return { code, severity: 'error', message };
}
function warning(code: FeedProblemCode, message: string): FeedProblem {
  return { code, severity: 'warning', message };
}

/** The show's part of the check: what the step 5 checklist and My Podcasts show before any render. */
export function validateShowForFeed(show: TFeedShow, artwork: ArtworkInfo | null): FeedProblem[] {
  const problems: FeedProblem[] = [];
  if (show.name.trim().length < nameMinLength) {
    problems.push(error('show_name', `The show title needs at least ${nameMinLength} characters.`));
  }
  if (!show.description.trim()) problems.push(error('show_description', 'Add a show description before publishing.'));
  if (!isPodcastLanguage(show.language)) {
    problems.push(error('show_language', 'Choose the language the show is spoken in.'));
  }
  if (!show.category) problems.push(error('show_category', PODCAST_MESSAGES.categoryRequired));
  problems.push(...artworkProblems(show.cover_url, artwork));
  if (!show.owner_email) {
    problems.push(warning('show_owner_email', 'Add an owner email: Apple, Spotify and YouTube send their ownership code to it.'));
  }
  if (!show.author_name && !show.owner_name) problems.push(warning('show_author', 'Add an author name for the show.'));
  return problems;
}

function artworkProblems(coverUrl: string | null, artwork: ArtworkInfo | null): FeedProblem[] {
  if (!coverUrl || !artwork) {
    return [error('show_artwork_missing', `Add cover art: square, at least ${coverMinPx}x${coverMinPx}, png or jpeg.`)];
  }
  const problems: FeedProblem[] = [];
  if (!(coverMimeTypes as readonly string[]).includes(artwork.mimeType)) {
    problems.push(error('show_artwork_format', 'Cover art must be a JPEG or PNG image.'));
  }
  problems.push(...coverSizeProblems(artwork.width, artwork.height).map((p) => error(p.code, p.message)));
  return problems;
}

/** The episode's part of the check, run by the publish job. */
export function validateEpisodeForFeed(show: TFeedShow, episode: TPublishableEpisode): FeedProblem[] {
  const problems: FeedProblem[] = [];
  if (!episode.title.trim()) problems.push(error('episode_title', 'The episode needs a title.'));
  if (!episode.guid.trim()) problems.push(error('episode_guid', 'The episode has no guid.'));
  const { enclosure } = episode;
  if (!enclosure.url || enclosure.length <= 0 || !/^(audio|video)\//.test(enclosure.type)) {
    problems.push(error('episode_enclosure', 'The episode audio is missing or empty.'));
  }
  if (!episode.description_html.trim()) {
    problems.push(warning('episode_description', 'Add show notes: directories show them under the episode.'));
  }
  if (!episode.duration_s) problems.push(warning('episode_duration', 'The episode duration is unknown.'));
  if (show.podcast_type === 'serial' && episode.episode === null && episode.episode_type === 'full') {
    problems.push(error('episode_number_serial', 'Serial shows need an episode number on every full episode.'));
  }
  if (episode.tags.length > maxTags) {
    problems.push(error('episode_tags', `At most ${maxTags} tags; this episode has ${episode.tags.length}.`));
  }
  const long = episode.tags.filter((tag) => tag.length > maxTagLength);
  if (long.length > 0) {
    problems.push(error('episode_tags', `Tags can be at most ${maxTagLength} characters: ${long.join(', ')}.`));
  }
  return problems;
}
