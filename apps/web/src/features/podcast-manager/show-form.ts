import { z } from 'zod';
import {
  APPLE_PODCAST_CATEGORIES,
  PODCAST_LANGUAGES,
  PODCAST_MESSAGES,
  ZAppleCategory,
  ZPodcastName,
  ZShowPodcasting20,
  SPREAKER_MESSAGES,
  type TAppleCategory,
  type TMappedSpreakerShow,
  type TPodcast,
  type TPodcastLanguage,
  type TPodcastSummary,
  type TPublishAllResponse,
} from '@ppp/contracts';

/** Every Apple category and subcategory as one option ('Arts', 'Arts > Books'), the value the server stores. */
export const CATEGORY_OPTIONS = APPLE_PODCAST_CATEGORIES.map((c) => ({
  group: c.name,
  items: [c.name, ...c.subcategories.map((s) => `${c.name} > ${s}`)].map((value) => ({ value, label: value })),
}));

const LANGUAGE_NAMES: Record<(typeof PODCAST_LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  'pt-br': 'Portuguese (Brazil)',
  nl: 'Dutch',
  sv: 'Swedish',
  no: 'Norwegian',
  da: 'Danish',
  fi: 'Finnish',
  pl: 'Polish',
  ru: 'Russian',
  ja: 'Japanese',
  zh: 'Chinese',
  ar: 'Arabic',
};
export const LANGUAGE_OPTIONS = PODCAST_LANGUAGES.map((value) => ({ value, label: `${LANGUAGE_NAMES[value]} (${value})` }));

/** The name rule of spec 001 §5 (at least 4 characters after trimming), as the contract's ZPodcastName says it. */
export function nameError(name: string): string | null {
  return ZPodcastName.safeParse(name).error?.issues[0]?.message ?? null;
}

/** The setup wizard's 'About your show' step: the contract's name rule and the primary category the feed check asks for. */
export const ZShowAboutForm = z.object({
  name: ZPodcastName,
  basics: z.object({ category: z.string({ error: PODCAST_MESSAGES.categoryRequired }) }),
});

/** Link existing show: the prompt's answer must be numeric. */
export function showIdError(value: string): string | null {
  return /^\d+$/.test(value.trim()) ? null : PODCAST_MESSAGES.mustBeNumeric;
}

/** The delete confirmation: the user types the word delete. */
export function deleteConfirmed(typed: string): boolean {
  return typed.trim().toLowerCase() === 'delete';
}

/** The Edit Podcast form's values, from a show. */
export function editValues(show: TPodcast) {
  return {
    name: show.name,
    description: show.description,
    podcast_type: show.podcast_type,
    language: show.language,
    copyright_line: show.copyright_line ?? '',
    owner_name: show.owner_name ?? '',
    owner_email: show.owner_email ?? '',
    author_name: show.author_name ?? '',
    contact_email: show.contact_email ?? '',
    category_id: show.category_id,
    category_2_id: show.category_2_id,
    category_3_id: show.category_3_id,
    explicit: show.explicit,
    website_url: show.website_url ?? '',
    locked: show.locked,
    podcasting20: show.podcasting20,
    spreaker_show_id: show.spreaker_show_id ?? '',
    allow_spreaker_id_change: false,
  };
}
export type TEditValues = ReturnType<typeof editValues>;

/** Edit Podcast's checks: the contract's name rule. */
export const ZEditPodcastForm = z.object({ name: ZPodcastName, podcasting20: ZShowPodcasting20 });

/** The first problem the contract finds in a form's Podcasting 2.0 section, as 'field: message'. */
export function podcasting20Error(errors: Record<string, unknown>): string | null {
  const entry = Object.entries(errors).find(([path]) => path.startsWith('podcasting20'));
  return entry ? `${entry[0].replace(/^podcasting20\./, '').replace(/\./g, ' ')}: ${String(entry[1])}` : null;
}

/** The language choices, with a show's regional variant (an imported 'en-US') kept as a choice of its own. */
export function languageOptions(current: string): { value: string; label: string }[] {
  if (LANGUAGE_OPTIONS.some((o) => o.value === current)) return LANGUAGE_OPTIONS;
  const base = LANGUAGE_OPTIONS.find((o) => o.value === current.split('-')[0]?.toLowerCase());
  return [...LANGUAGE_OPTIONS, { value: current, label: `${base ? LANGUAGE_NAMES[base.value] : current} (${current})` }];
}

/**
 * The Edit Podcast fields of a linked show as its host holds them (GET /api/spreaker/show/{id}?mapped=true,
 * spec 001 section 7): each value the host has replaces the local one, the others stay.
 */
export function valuesWithRemote(values: TEditValues, remote: TMappedSpreakerShow): TEditValues {
  const text = (host: string | null, local: string) => (host && host.trim() ? host : local);
  return {
    ...values,
    name: text(remote.name, values.name),
    description: text(remote.description, values.description),
    language: remote.language ?? values.language,
    copyright_line: text(remote.copyright_line, values.copyright_line),
    owner_name: text(remote.owner_name, values.owner_name),
    author_name: text(remote.author_name, values.author_name),
    contact_email: text(remote.contact_email, values.contact_email),
    category_id: remote.category_id ?? values.category_id,
    category_2_id: remote.category_2_id ?? values.category_2_id,
    category_3_id: remote.category_3_id ?? values.category_3_id,
    explicit: remote.explicit,
  };
}

/** What a failed load of the host's copy says: nothing for a 404 (the show is gone there), else 'Remote load failed — using local data'. */
export function remoteLoadNotice(status: number | null): string | null {
  return status === 404 ? null : SPREAKER_MESSAGES.remoteLoadFailed;
}

/** Whether the confirmation box is needed: a linked show ID is being changed or cleared. */
export function hostIdChangeNeedsConfirm(show: Pick<TPodcast, 'spreaker_show_id'>, next: string): boolean {
  return show.spreaker_show_id !== null && next.trim() !== show.spreaker_show_id;
}

/** A category option ('Arts' or 'Arts > Books') as the category object the create call takes; null for none or an unknown one. */
export function categoryOfOption(value: string | null): TAppleCategory | null {
  if (!value) return null;
  const [category, subcategory = null] = value.split(' > ');
  const parsed = ZAppleCategory.safeParse({ category, subcategory });
  return parsed.success ? parsed.data : null;
}

/** The show language a new show starts with: the browser's ('pt-BR' is pt-br, 'de-AT' is de), else English. */
export function languageOfBrowser(tag: string | undefined): TPodcastLanguage {
  const lower = (tag ?? '').toLowerCase();
  const offered = PODCAST_LANGUAGES as readonly string[];
  if (offered.includes(lower)) return lower;
  const base = lower.split('-')[0] ?? '';
  return offered.includes(base) ? base : 'en';
}

/** What a new show must be given before its first publish: a primary category (language and author are asked beside it). */
export function showBasicsError(basics: { category: string | null }): string | null {
  return basics.category ? null : PODCAST_MESSAGES.categoryRequired;
}

/** Publish All's counts as one line: started, and what was skipped or refused. */
export function publishAllText(result: TPublishAllResponse): string {
  const parts = [`${result.started} started`];
  if (result.skipped_no_audio > 0) parts.push(`${result.skipped_no_audio} without audio skipped`);
  if (result.skipped_already_linked > 0) parts.push(`${result.skipped_already_linked} already on the host skipped`);
  if (result.errors.length > 0) parts.push(`${result.errors.length} failed: ${result.errors.map((e) => e.error).join('; ')}`);
  const text = parts.join(', ');
  return text.endsWith('.') ? text : `${text}.`;
}

/** Whether My Podcasts still follows a Publish All: until every episode is out (published or scheduled), for a bounded time. */
export function followsPublishAll(
  followUntil: number,
  summary: Pick<TPodcastSummary, 'unpublished_or_unscheduled'> | undefined,
  now = Date.now(),
): boolean {
  return now < followUntil && (summary?.unpublished_or_unscheduled ?? 1) > 0;
}
