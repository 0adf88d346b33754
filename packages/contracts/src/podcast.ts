import { z } from 'zod';
import { isAppleCategoryPair, APPLE_CATEGORY_NAMES } from './podcast-categories.ts';
import { ZHttpUrl } from './web-url.ts';
import { ZEpisodePodcasting20, ZShowPodcasting20 } from './podcasting20.ts';

export * from './podcast-categories.ts';
export * from './distribution.ts';
export * from './podcasting20.ts';

/** Shows and publishing: spec 001 §3, §5 and §9 'Shows and import', spec 000 §4. */
export const PODCAST_LIMITS = {
  nameMinLength: 4,
  /** One primary category plus up to two more. */
  maxCategories: 3,
  /** Cover art: square, at least 1400x1400 (spec); Apple caps it at 3000x3000. */
  coverMinPx: 1400,
  coverMaxPx: 3000,
  coverMimeTypes: ['image/jpeg', 'image/png'],
  /** Episode tags, enforced on publish. */
  maxTags: 20,
  maxTagLength: 30,
  /** Apple truncates show and episode descriptions past 4000 bytes. */
  descriptionMaxBytes: 4000,
  unpublishWindowMs: 24 * 60 * 60 * 1000,
} as const;

export const PODCAST_MESSAGES = {
  nameMin: 'Minimum 4 characters.',
  /** A category string that is not one of Apple Podcasts' categories (issue 37: refused, not stored as none). */
  unknownCategory: (value: string) =>
    `"${value}" is not an Apple Podcasts category. Choose one from the list, as "Arts" or "Arts > Books".`,
  nameMinToast: 'Podcast title must be at least 4 characters.',
  confirmHostShowIdChange: 'Check the confirmation box to change the Spreaker Show ID.',
  mustBeNumeric: 'Must be numeric.',
  coverHint: 'Square, at least 1400x1400, png or jpeg.',
  notConnected: 'Not connected. Connect Spreaker first.',
  forceUnpublish: 'Outside standard window. You may force unpublish anyway.',
  duplicateSeasonEpisode: 'Duplicate season/episode for this podcast',
  categoryRequired: 'Choose a primary category for the show.',
} as const;

/** The languages offered for a show, in the spec's order (spec 001 §3). */
export const PODCAST_LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'pt-br',
  'nl',
  'sv',
  'no',
  'da',
  'fi',
  'pl',
  'ru',
  'ja',
  'zh',
  'ar',
] as const;
export type TOfferedLanguage = (typeof PODCAST_LANGUAGES)[number];
export const PODCAST_LANGUAGE_MESSAGES = {
  unknown: 'Choose one of the offered languages, or a regional variant of one (en-US, fr-CA).',
} as const;

/** Whether a language tag is offered, or a regional variant of an offered language ('en-US', 'pt-BR', 'fr-CA'). */
export function isPodcastLanguage(tag: string): boolean {
  const offered = PODCAST_LANGUAGES as readonly string[];
  if (offered.includes(tag.toLowerCase())) return true;
  const match = /^([a-z]{2,3})-[a-z0-9]{2,8}$/i.exec(tag);
  return offered.includes(match?.[1]?.toLowerCase() ?? '');
}

/**
 * A show's language as RSS writes it (RFC 5646): one of the offered languages or a regional variant of
 * one, kept as written, so an imported 'en-US' stays 'en-US' in the show and its feed (issue 36).
 */
export const ZPodcastLanguage = z.string().trim().max(16).refine(isPodcastLanguage, PODCAST_LANGUAGE_MESSAGES.unknown);
export type TPodcastLanguage = z.infer<typeof ZPodcastLanguage>;

export const PODCAST_TYPES = ['episodic', 'serial'] as const;
export const ZPodcastType = z.enum(PODCAST_TYPES);
export type TPodcastType = z.infer<typeof ZPodcastType>;

/** One Apple category, optionally narrowed to one of its subcategories. */
export const ZAppleCategory = z
  .object({ category: z.enum(APPLE_CATEGORY_NAMES), subcategory: z.string().nullable().default(null) })
  .refine((c) => isAppleCategoryPair(c.category, c.subcategory), {
    message: 'Not a subcategory of this Apple Podcasts category',
    path: ['subcategory'],
  });
export type TAppleCategory = z.infer<typeof ZAppleCategory>;

export const ZPodcastName = z.string().trim().min(PODCAST_LIMITS.nameMinLength, PODCAST_MESSAGES.nameMin).max(255);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v));
const optionalEmail = z
  .union([z.literal(''), z.email()])
  .nullable()
  .default(null)
  .transform((v) => (v === '' ? null : v));

/** Every field of the Edit Podcast dialog (spec 001 §3 'Podcast'). */
/** A text field of a PUT: absent leaves it as it is, empty or null clears it. */
const patchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
const patchEmail = z
  .union([z.literal(''), z.email()])
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

export const ZPodcastSettings = z.object({
  name: ZPodcastName,
  description: z.string().trim().max(20_000).default(''),
  podcast_type: ZPodcastType.default('episodic'),
  language: ZPodcastLanguage.default('en'),
  copyright_line: optionalText(500),
  owner_name: optionalText(255),
  owner_email: optionalEmail,
  author_name: optionalText(255),
  contact_email: optionalEmail,
  category: ZAppleCategory.nullable().default(null),
  category_2: ZAppleCategory.nullable().default(null),
  category_3: ZAppleCategory.nullable().default(null),
  explicit: z.boolean().default(false),
  website_url: ZHttpUrl.nullable().default(null),
  /** podcast:locked — asks other platforms not to import the feed. */
  locked: z.boolean().default(false),
  /** podcast:medium, person, funding, location, license, txt and trailer (the form's Podcasting 2.0 section). */
  podcasting20: ZShowPodcasting20.default(ZShowPodcasting20.parse({})),
});
export type TPodcastSettings = z.infer<typeof ZPodcastSettings>;

/** Every Edit Podcast field as a PUT carries it: a field left out keeps its value (issue 37), none has a default. */
export const ZPodcastSettingsPatch = z.object({
  name: ZPodcastName.optional(),
  description: z.string().trim().max(20_000).optional(),
  podcast_type: ZPodcastType.optional(),
  language: ZPodcastLanguage.optional(),
  copyright_line: patchText(500),
  owner_name: patchText(255),
  owner_email: patchEmail,
  author_name: patchText(255),
  contact_email: patchEmail,
  category: ZAppleCategory.nullable().optional(),
  category_2: ZAppleCategory.nullable().optional(),
  category_3: ZAppleCategory.nullable().optional(),
  explicit: z.boolean().optional(),
  website_url: ZHttpUrl.nullable().optional(),
  locked: z.boolean().optional(),
  /** Replaced whole when given. */
  podcasting20: ZShowPodcasting20.optional(),
});
export type TPodcastSettingsInput = z.input<typeof ZPodcastSettings>;

/** POST /api/podcasts/ (multipart: the cover file travels beside these fields; a category as 'Arts > Books' or JSON). */
export const ZCreatePodcastRequest = z.object({
  name: ZPodcastName,
  description: z.string().trim().max(20_000).default(''),
  /** Asked by onboarding and the setup wizard, so the first publish passes the feed check. */
  language: ZPodcastLanguage.default('en'),
  author_name: optionalText(255),
  /** itunes:owner's address (asked by onboarding); the account's email when left out, so the first feed names an owner. */
  owner_email: optionalEmail,
  category: ZAppleCategory.nullable().default(null),
});
export type TCreatePodcastRequest = z.infer<typeof ZCreatePodcastRequest>;
export type TCreatePodcastRequestInput = z.input<typeof ZCreatePodcastRequest>;

/** What the feed builder needs of a show. */
export const ZFeedShow = ZPodcastSettings.extend({
  id: z.string().min(1),
  cover_url: z.url().nullable(),
  /** Kept when a show is imported; computed from the feed URL otherwise (Podcasting 2.0 guid). */
  podcast_guid: z.uuid().nullable().default(null),
});
export type TFeedShow = z.infer<typeof ZFeedShow>;
export type TFeedShowInput = z.input<typeof ZFeedShow>;

export const EPISODE_TYPES = ['full', 'trailer', 'bonus'] as const;
export const ZEpisodeType = z.enum(EPISODE_TYPES);
export type TEpisodeType = z.infer<typeof ZEpisodeType>;

/** Visibility options of spec 001 §4; the default is "no change", so the publish call may omit it. */
export const VISIBILITIES = ['public', 'unpublished', 'limited'] as const;
export const ZVisibility = z.enum(VISIBILITIES);
export type TVisibility = z.infer<typeof ZVisibility>;

export const TRANSCRIPT_LINK_TYPES = ['text/vtt', 'application/json', 'application/x-subrip', 'text/html', 'text/plain'] as const;
export type TTranscriptLinkType = (typeof TRANSCRIPT_LINK_TYPES)[number];

/** The file extension a copy of each transcript type is stored and served under. */
export const TRANSCRIPT_FILE_EXTENSIONS: Record<TTranscriptLinkType, string> = {
  'text/vtt': 'vtt',
  'application/json': 'json',
  'application/x-subrip': 'srt',
  'text/html': 'html',
  'text/plain': 'txt',
};

/** Other names feeds use for the same formats (the Podcasting 2.0 examples write application/srt). */
const TRANSCRIPT_TYPE_ALIASES: Record<string, TTranscriptLinkType> = {
  'application/srt': 'application/x-subrip',
  'text/srt': 'application/x-subrip',
  'application/vtt': 'text/vtt',
};

/** A feed's podcast:transcript type as one the product's feed carries; null for a format podcast apps do not read. */
export function transcriptLinkType(raw: string): TTranscriptLinkType | null {
  const type = raw.split(';')[0]?.trim().toLowerCase() ?? '';
  return (TRANSCRIPT_LINK_TYPES as readonly string[]).includes(type)
    ? (type as TTranscriptLinkType)
    : (TRANSCRIPT_TYPE_ALIASES[type] ?? null);
}
export const ZTranscriptLink = z.object({
  url: ZHttpUrl,
  type: z.enum(TRANSCRIPT_LINK_TYPES),
  language: z.string().min(2).max(16).optional(),
  rel: z.literal('captions').optional(),
});
export type TTranscriptLink = z.infer<typeof ZTranscriptLink>;

/** One episode as the feed and the host adapters see it. */
export const ZPublishableEpisode = z.object({
  id: z.string().min(1),
  title: z.string().trim().min(1).max(255),
  /** Show notes as HTML; written as CDATA in the feed. */
  description_html: z.string().default(''),
  /** Never changes once published: apps key downloads and played state on it. */
  guid: z.string().min(1),
  /** null while a draft; in the future while scheduled. */
  publish_at: z.coerce.date().nullable(),
  visibility: ZVisibility.default('public'),
  duration_s: z.number().min(0).nullable().default(null),
  enclosure: z.object({
    url: z.url(),
    length: z.number().int().min(0),
    type: z.string().regex(/^(audio|video)\/[\w.+-]+$/),
  }),
  season: z.number().int().min(0).nullable().default(null),
  episode: z.number().int().min(0).nullable().default(null),
  episode_type: ZEpisodeType.default('full'),
  explicit: z.boolean().default(false),
  image_url: ZHttpUrl.nullable().default(null),
  link: ZHttpUrl.nullable().default(null),
  tags: z.array(z.string()).default([]),
  transcripts: z.array(ZTranscriptLink).default([]),
  chapters_url: ZHttpUrl.nullable().default(null),
  /** podcast:person, soundbite, location, license, season name, txt and alternateEnclosure. */
  podcasting20: ZEpisodePodcasting20.default(ZEpisodePodcasting20.parse({})),
});
export type TPublishableEpisode = z.infer<typeof ZPublishableEpisode>;
export type TPublishableEpisodeInput = z.input<typeof ZPublishableEpisode>;

/** A chapter marker; times are seconds from the start of the episode (Podcast Namespace JSON chapters). */
export const ZChapter = z.object({
  start_s: z.number().min(0),
  end_s: z.number().min(0).nullable().default(null),
  title: z.string().min(1),
  img: ZHttpUrl.nullable().default(null),
  url: ZHttpUrl.nullable().default(null),
  /** false hides the chapter from the table of contents (a silent marker). */
  toc: z.boolean().default(true),
});
export type TChapter = z.infer<typeof ZChapter>;
export type TChapterInput = z.input<typeof ZChapter>;
