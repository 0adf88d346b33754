import { EPISODE_CREATOR, ZAssemblyTags, ZEpisodeDetails, type ZAssemblyPublish } from '@ppp/contracts';
import type { z } from 'zod';
import { schedulePublishFields, scheduleProblem, suggestSchedule } from './schedule.ts';
import { browserZone, zonedToUtc, type TZonedTime } from '../../publishing/schedule-time.ts';

export type PublishMode = 'now' | 'draft' | 'schedule';
export type Visibility = 'public' | 'unpublished';

export interface DetailsDraft {
  title: string;
  season: string;
  episodeNumber: string;
  explicit: boolean;
  description: string;
  tags: string;
  publishMode: PublishMode;
  visibility: Visibility;
  /** yyyy-mm-dd */
  scheduleDate: string;
  /** HH:MM */
  scheduleTime: string;
  /** The IANA time zone the date and time are in; the browser's when missing (a draft saved before zones were asked). */
  scheduleZone?: string;
  /** Set once the template's 'Auto fill with AI' has written into this draft (it runs once). */
  aiFilled?: boolean;
}

export interface AssembleDetailsRequest {
  episode_details: z.input<typeof ZEpisodeDetails>;
  publish: z.input<typeof ZAssemblyPublish>;
}

/** The draft's schedule as a date and time in its zone. */
export function draftSchedule(draft: Pick<DetailsDraft, 'scheduleDate' | 'scheduleTime' | 'scheduleZone'>): TZonedTime {
  return { date: draft.scheduleDate, time: draft.scheduleTime, zone: draft.scheduleZone ?? browserZone() };
}

export function emptyDraft(schedule: TZonedTime, prefs: { publishMode: PublishMode; visibility: Visibility }): DetailsDraft {
  return {
    title: '',
    season: '',
    episodeNumber: '',
    explicit: false,
    description: '',
    tags: '',
    ...prefs,
    scheduleDate: schedule.date,
    scheduleTime: schedule.time,
    scheduleZone: schedule.zone,
  };
}

/** A whole number field: digits only, or null when empty or not a whole number. */
export function wholeNumber(value: string): number | null {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

export interface DetailsProblems {
  title?: string;
  episodeNumber?: string;
  schedule?: string;
}

/** The first message of a field checked with the assemble call's own schema. */
function fieldProblem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * Step 5's field messages in the spec's words (spec 000 §5): title and episode number are checked
 * with the fields of ZEpisodeDetails, the schema the assemble call refuses them with.
 */
export function detailsProblems(draft: DetailsDraft, now: Date = new Date()): DetailsProblems {
  const problems: DetailsProblems = {};
  const title = fieldProblem(ZEpisodeDetails.shape.title, draft.title);
  if (title) problems.title = title;
  const episodeNumber = fieldProblem(ZEpisodeDetails.shape.episodeNumber, draft.episodeNumber);
  if (episodeNumber) problems.episodeNumber = episodeNumber;
  if (draft.publishMode === 'schedule') {
    const problem = scheduleProblem(draftSchedule(draft), now);
    if (problem) problems.schedule = problem;
  }
  return problems;
}

/** The comma string as assembly sends it: each trimmed to 30 characters, at most 20. */
export function tagList(tags: string): string[] {
  return ZAssemblyTags.parse(tags);
}

/** The payload handed to onSubmit: episode details and the publish choice (a schedule as unpublished plus a time). */
export function buildAssembleRequest(draft: DetailsDraft, coverImagePath: string | null): AssembleDetailsRequest {
  const episode_details: z.input<typeof ZEpisodeDetails> = {
    title: draft.title.trim(),
    description: draft.description,
    season: wholeNumber(draft.season),
    // As typed: the call reads the digits, and refuses anything else with step 5's message.
    episodeNumber: draft.episodeNumber.trim(),
    explicit: draft.explicit,
    tags: tagList(draft.tags),
    cover_image_path: coverImagePath,
  };
  if (draft.publishMode === 'schedule') {
    const fields = schedulePublishFields(draftSchedule(draft));
    return {
      episode_details,
      publish: {
        mode: 'schedule',
        visibility: 'unpublished',
        publish_at: fields?.publish_at ?? null,
        publish_at_local: fields?.publish_at_local ?? null,
      },
    };
  }
  return { episode_details, publish: { mode: draft.publishMode, visibility: draft.publishMode === 'now' ? draft.visibility : 'public' } };
}

/** Admin test mode: draft, a 'Test - ' title, the suggested season and episode (spec 000 §4). */
export function testModeDefaults(draft: DetailsDraft, numbering: { season: number; episodeNumber: number }, now: Date): DetailsDraft {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
  return {
    ...draft,
    publishMode: 'draft',
    title: draft.title.trim() ? draft.title : `${EPISODE_CREATOR.testTitlePrefix}${stamp}`,
    season: draft.season.trim() ? draft.season : String(numbering.season),
    episodeNumber: draft.episodeNumber.trim() ? draft.episodeNumber : String(numbering.episodeNumber),
  };
}

/** The suggested numbers filled into empty fields only. */
export function withSuggestedNumbering(draft: DetailsDraft, numbering: { season: number; episodeNumber: number }): DetailsDraft {
  return {
    ...draft,
    season: draft.season.trim() ? draft.season : String(numbering.season),
    episodeNumber: draft.episodeNumber.trim() ? draft.episodeNumber : String(numbering.episodeNumber),
  };
}

export type MinutesState = 'pending' | 'error' | 'ok' | 'blocking';

export interface ChecklistItem {
  key: 'title' | 'number' | 'cover' | 'audio' | 'show' | 'feed' | 'minutes';
  label: string;
  done: boolean;
}

/**
 * The publishing checklist: title, number, cover, audio, a show linked to a host, the show passing the
 * feed check the publish job applies (false while it is unknown), minutes ok.
 */
export function publishingChecklist(input: {
  draft: DetailsDraft;
  hasCover: boolean;
  hasAudio: boolean;
  showLinked: boolean;
  feedReady: boolean;
  minutes: MinutesState;
}): ChecklistItem[] {
  return [
    { key: 'title', label: 'Episode title', done: input.draft.title.trim() !== '' },
    { key: 'number', label: 'Episode number', done: wholeNumber(input.draft.episodeNumber) !== null },
    { key: 'cover', label: 'Cover art', done: input.hasCover },
    { key: 'audio', label: 'Main audio', done: input.hasAudio },
    { key: 'show', label: 'Show linked to a host', done: input.showLinked },
    { key: 'feed', label: 'Show details ready for podcast apps', done: input.feedReady },
    { key: 'minutes', label: 'Processing minutes available', done: input.minutes === 'ok' },
  ];
}

/** A show is linked to a host when it uses the built-in host, or Spreaker with a show id. */
export function showLinkedToHost(show: { host_kind: string; spreaker_show_id: string | null } | null | undefined): boolean {
  if (!show) return false;
  return show.host_kind === 'builtin' || (show.host_kind === 'spreaker' && Boolean(show.spreaker_show_id));
}

/** A resumed draft whose schedule is no longer more than 10 minutes ahead gets the default suggestion again, in its zone. */
export function withFreshSchedule(draft: DetailsDraft, now: Date): DetailsDraft {
  const current = draftSchedule(draft);
  const next = suggestSchedule(now, zonedToUtc(current), current.zone);
  if (next.date === draft.scheduleDate && next.time === draft.scheduleTime && next.zone === draft.scheduleZone) return draft;
  return { ...draft, scheduleDate: next.date, scheduleTime: next.time, scheduleZone: next.zone };
}
