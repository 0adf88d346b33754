import { z } from 'zod';
import { ZAppleCategory, ZPodcastLanguage, ZPodcastSettingsPatch, ZPodcastType } from './podcast.ts';
import { ZShowPodcasting20 } from './podcasting20.ts';

/** Where a show's episodes go: our own feed (the default) or a linked Spreaker show. */
export const HOST_KINDS = ['builtin', 'spreaker'] as const;
export const ZHostKind = z.enum(HOST_KINDS);
export type THostKind = z.infer<typeof ZHostKind>;

/** RSS import progress of a show (spec 001 §3 'import_status'); null for shows made here. */
export const ZImportStatus = z.object({
  needs_full_import: z.boolean(),
  imported_count: z.number().int().min(0),
  feed_total: z.number().int().min(0),
});
export type TImportStatus = z.infer<typeof ZImportStatus>;

/** A show as the REST and tRPC answers carry it (spec 001 §3 'Podcast'). */
export const ZPodcast = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** The stored cover (a storage key) and a URL an <img> can load without a bearer header. */
  cover_path: z.string().nullable(),
  cover_url: z.string().nullable(),
  podcast_type: ZPodcastType,
  language: ZPodcastLanguage,
  copyright_line: z.string().nullable(),
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  author_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  category: ZAppleCategory.nullable(),
  category_2: ZAppleCategory.nullable(),
  category_3: ZAppleCategory.nullable(),
  /** The same categories as 'Category' or 'Category > Subcategory' (the spec's category_id fields). */
  category_id: z.string().nullable(),
  category_2_id: z.string().nullable(),
  category_3_id: z.string().nullable(),
  explicit: z.boolean(),
  website_url: z.string().nullable(),
  host_kind: ZHostKind,
  spreaker_show_id: z.string().nullable(),
  /** The public feed of the built-in host (every show has one). */
  rss_url: z.string(),
  /** podcast:locked in the feed (rss_url_locked is the spec's name for it). */
  locked: z.boolean(),
  rss_url_locked: z.boolean(),
  podcast_guid: z.string(),
  /** podcast:medium, person, funding, location, license, txt and trailer (issue 36). */
  podcasting20: ZShowPodcasting20,
  import_status: ZImportStatus.nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type TPodcast = z.infer<typeof ZPodcast>;

export const ZPodcastList = z.array(ZPodcast);

export const ZPodcastIdInput = z.object({ id: z.uuid() });
export type TPodcastIdInput = z.infer<typeof ZPodcastIdInput>;

const numericShowId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d+$/.test(v), { message: 'Must be numeric.' });

/** Spec-style category strings ('Arts' or 'Arts > Books') are accepted beside the object form. */
const categoryIdField = z.string().trim().nullable().optional();

/**
 * PUT /api/podcasts/{id}: any Edit Podcast field (JSON, or multipart with cover_image); a field left out
 * keeps its value. Changing a linked Spreaker show ID needs allow_spreaker_id_change (the dialog's
 * confirmation box).
 */
export const ZUpdatePodcastRequest = ZPodcastSettingsPatch.extend({
  spreaker_show_id: numericShowId.nullable().optional(),
  allow_spreaker_id_change: z.boolean().default(false),
  category_id: categoryIdField,
  category_2_id: categoryIdField,
  category_3_id: categoryIdField,
});
export type TUpdatePodcastRequest = z.input<typeof ZUpdatePodcastRequest>;

export const ZUpdatePodcastInput = ZUpdatePodcastRequest.extend({ id: z.uuid() });

/** GET /api/episodes/summary?podcast_id= */
export const ZPodcastSummary = z.object({
  podcast_id: z.uuid(),
  total: z.number().int().min(0),
  /** Episodes neither published nor scheduled (drafts, processing, failed). */
  unpublished_or_unscheduled: z.number().int().min(0),
  /** Drafts with finished audio (status processed): what Publish All would publish. */
  drafts: z.number().int().min(0),
});
export type TPodcastSummary = z.infer<typeof ZPodcastSummary>;

/** POST /api/podcasts/{id}/link-spreaker-show */
export const ZLinkSpreakerShowRequest = z.object({ show_id: numericShowId });
export type TLinkSpreakerShowRequest = z.input<typeof ZLinkSpreakerShowRequest>;

/** POST /api/podcasts/{id}/create-spreaker-show */
export const ZCreateSpreakerShowRequest = z.object({
  title: z.string().trim().min(1).max(255).optional(),
  description: z.string().trim().max(20_000).optional(),
  language: ZPodcastLanguage.optional(),
});
export type TCreateSpreakerShowRequest = z.input<typeof ZCreateSpreakerShowRequest>;

export const ZCreateSpreakerShowResponse = z.object({ podcast: ZPodcast, spreaker_show_id: z.string() });
