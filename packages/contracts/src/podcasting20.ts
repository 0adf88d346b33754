import { z } from 'zod';
import { ZHttpUrl } from './web-url.ts';

/**
 * Podcasting 2.0 (the podcast namespace, https://podcastindex.org/namespace/1.0) beyond guid, locked,
 * transcripts and chapters: what a show and an episode carry so the feed writes it and an import keeps it
 * (issue 36). Limits follow the namespace's own advice where it gives one.
 */
export const PODCASTING20_LIMITS = {
  maxPersons: 30,
  maxFunding: 4,
  maxTxt: 10,
  maxTrailers: 10,
  maxSoundbites: 10,
  maxAlternateEnclosures: 6,
  /** podcast:funding text: the namespace asks for 128 characters at most. */
  fundingTextMax: 128,
  /** podcast:location and podcast:season name: 128 characters. */
  nameMax: 128,
  /** podcast:txt: 4000 characters, its purpose 128. */
  txtMax: 4000,
  purposeMax: 128,
  /** podcast:soundbite: the namespace recommends 15 to 120 seconds; nothing longer is a soundbite. */
  soundbiteMaxSeconds: 120,
} as const;

export const PODCASTING20_MESSAGES = {
  geo: 'A geo URI, as geo:48.8583,2.2945.',
  osm: 'An OpenStreetMap id: N, W or R followed by digits (R113314).',
  soundbiteTooLong: `A soundbite lasts ${PODCASTING20_LIMITS.soundbiteMaxSeconds} seconds at most.`,
} as const;

/** podcast:medium (the namespace's list, the list-feed variants ending in L included). */
export const PODCAST_MEDIUMS = [
  'podcast',
  'music',
  'video',
  'film',
  'audiobook',
  'newsletter',
  'blog',
  'publisher',
  'course',
  'mixed',
  'podcastL',
  'musicL',
  'videoL',
  'filmL',
  'audiobookL',
  'newsletterL',
  'blogL',
  'publisherL',
  'courseL',
] as const;
export const ZPodcastMedium = z.enum(PODCAST_MEDIUMS);
export type TPodcastMedium = z.infer<typeof ZPodcastMedium>;

const name = z.string().trim().min(1).max(PODCASTING20_LIMITS.nameMax);
const optionalUrl = ZHttpUrl.nullable().default(null);

/** podcast:person: a host or guest (roles and groups from the Podcast Taxonomy Project, host/cast by default). */
export const ZPodcastPerson = z.object({
  name,
  role: z.string().trim().min(1).max(64).default('host'),
  group: z.string().trim().min(1).max(64).default('cast'),
  img: optionalUrl,
  href: optionalUrl,
});
export type TPodcastPerson = z.infer<typeof ZPodcastPerson>;

/** podcast:funding: where listeners support the show. */
export const ZPodcastFunding = z.object({ url: ZHttpUrl, text: z.string().trim().max(PODCASTING20_LIMITS.fundingTextMax).default('') });

/** podcast:location: what place the show or episode is about. */
export const ZPodcastLocation = z.object({
  name,
  geo: z
    .string()
    .trim()
    .regex(/^geo:-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?(,-?\d+(\.\d+)?)?(;u=\d+(\.\d+)?)?$/i, PODCASTING20_MESSAGES.geo)
    .nullable()
    .default(null),
  osm: z
    .string()
    .trim()
    .regex(/^[NWR]\d+(#\d+)?$/, PODCASTING20_MESSAGES.osm)
    .nullable()
    .default(null),
});

/** podcast:license: an SPDX identifier, or a custom one with the URL of its text. */
export const ZPodcastLicense = z.object({ identifier: name, url: optionalUrl });

/** podcast:txt: free text for a purpose (a verification code, a note to apps). */
export const ZPodcastTxt = z.object({
  text: z.string().trim().min(1).max(PODCASTING20_LIMITS.txtMax),
  purpose: z.string().trim().min(1).max(PODCASTING20_LIMITS.purposeMax).nullable().default(null),
});

/** podcast:trailer: a trailer of the show (or of one season), at a URL of its own. */
export const ZPodcastTrailer = z.object({
  title: name,
  url: ZHttpUrl,
  pubdate: z.coerce.date(),
  length: z.number().int().min(0).nullable().default(null),
  type: z.string().trim().max(100).nullable().default(null),
  season: z.number().int().min(0).nullable().default(null),
});

/** podcast:soundbite: a moment the creator marked in an episode (start and length in seconds, a title). */
export const ZPodcastSoundbite = z.object({
  start_s: z.number().min(0),
  duration_s: z.number().gt(0).max(PODCASTING20_LIMITS.soundbiteMaxSeconds, PODCASTING20_MESSAGES.soundbiteTooLong),
  title: z.string().trim().max(PODCASTING20_LIMITS.nameMax).default(''),
});
export type TPodcastSoundbite = z.infer<typeof ZPodcastSoundbite>;

/** podcast:alternateEnclosure: another rendition of the episode's audio (a second bitrate). */
export const ZAlternateEnclosure = z.object({
  url: ZHttpUrl,
  type: z.string().regex(/^(audio|video)\/[\w.+-]+$/),
  length: z.number().int().min(0).nullable().default(null),
  /** bits per second, as the namespace writes it. */
  bitrate: z.number().min(0).nullable().default(null),
  title: z.string().trim().max(32).nullable().default(null),
});
export type TAlternateEnclosure = z.infer<typeof ZAlternateEnclosure>;

/** What a show carries of Podcasting 2.0 (the show form's section, kept by import). */
export const ZShowPodcasting20 = z.object({
  medium: ZPodcastMedium.default('podcast'),
  persons: z.array(ZPodcastPerson).max(PODCASTING20_LIMITS.maxPersons).default([]),
  funding: z.array(ZPodcastFunding).max(PODCASTING20_LIMITS.maxFunding).default([]),
  location: ZPodcastLocation.nullable().default(null),
  license: ZPodcastLicense.nullable().default(null),
  txt: z.array(ZPodcastTxt).max(PODCASTING20_LIMITS.maxTxt).default([]),
  trailers: z.array(ZPodcastTrailer).max(PODCASTING20_LIMITS.maxTrailers).default([]),
});
export type TShowPodcasting20 = z.infer<typeof ZShowPodcasting20>;
export type TShowPodcasting20Input = z.input<typeof ZShowPodcasting20>;

/** What an episode carries of Podcasting 2.0 (the episode form's section, kept by import). */
export const ZEpisodePodcasting20 = z.object({
  persons: z.array(ZPodcastPerson).max(PODCASTING20_LIMITS.maxPersons).default([]),
  soundbites: z.array(ZPodcastSoundbite).max(PODCASTING20_LIMITS.maxSoundbites).default([]),
  location: ZPodcastLocation.nullable().default(null),
  license: ZPodcastLicense.nullable().default(null),
  season_name: z.string().trim().min(1).max(PODCASTING20_LIMITS.nameMax).nullable().default(null),
  txt: z.array(ZPodcastTxt).max(PODCASTING20_LIMITS.maxTxt).default([]),
  /** Another host's renditions, kept from an imported feed and written back (issue 36). */
  alternate_enclosures: z.array(ZAlternateEnclosure).max(PODCASTING20_LIMITS.maxAlternateEnclosures).default([]),
});
export type TEpisodePodcasting20 = z.infer<typeof ZEpisodePodcasting20>;
export type TEpisodePodcasting20Input = z.input<typeof ZEpisodePodcasting20>;

/** A stored value (jsonb) read back: rows from before the column, or written by an older release, read as empty. */
export const showPodcasting20Of = (value: unknown): TShowPodcasting20 =>
  ZShowPodcasting20.catch(ZShowPodcasting20.parse({})).parse(value ?? {});
export const episodePodcasting20Of = (value: unknown): TEpisodePodcasting20 =>
  ZEpisodePodcasting20.catch(ZEpisodePodcasting20.parse({})).parse(value ?? {});

/** Telling the world a feed changed (WebSub hub ping, Podping): the feed.announce job's limits. */
export const FEED_ANNOUNCE = {
  timeoutMs: 10_000,
  userAgent: 'PodcastPlusPlus/1.0 (feed update notifier)',
  /** pg-boss retries a hub or Podping that failed: 10 times, backing off from 30 s. */
  retryLimit: 10,
  retryDelaySeconds: 30,
} as const;
