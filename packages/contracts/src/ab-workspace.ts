import { z } from 'zod';
import { MEDIA } from './limits.ts';

/*
 * The second workspace layout of spec 002 (`/ab`, issue 22): upload first, a checklist, finalize.
 * Its drafts, saved intro/outro sections and publish call (spec 002 §3, §4, §5, §7, §8, §9).
 */

export const AB_WORKSPACE = {
  /** Spec 002 §9 'Upload expiry shown 14 days'. */
  ttlDays: MEDIA.uploadExpiryDays,
  filenameMax: 60,
  filenameMaxWithNickname: 50,
  /** Transcript poll every 5 s; the first check after 2 s. */
  transcriptPollMs: 5_000,
  firstTranscriptCheckMs: 2_000,
  /** Processed or published episodes of a show before AI suggestions for intro/outro are offered. */
  suggestionMinEpisodes: 5,
  /** Saved sections a suggestion learns from. */
  suggestionHistory: 10,
  titleMax: 300,
  descriptionMax: 4_000,
  tagsMax: 1_000,
  scriptMax: 2_000,
  nicknameMax: 120,
  /** Local storage keys of spec 002 §3. */
  draftsKey: 'ab_drafts',
  stateKeyPrefix: 'ab_state_',
  stateTokenChars: 6,
} as const;

export const AB_MESSAGES = {
  deleteConfirm: 'Delete this upload? This cannot be undone.',
  uploaded: 'Uploaded',
  queued: 'Queued',
  uploadError: 'Upload failed',
  transcriptPending: 'Transcription Pending',
  transcriptComplete: 'Transcription Complete',
  goToFinalize: 'Go to Finalize',
  fixBeforeSaving: 'Please fix before saving:',
  scriptRequired: (segment: string) => `${segment}: AI voice script is required`,
  promptRequired: 'AI prompt is required',
  chooseStatic: 'choose a static file',
  staticNotFound: 'selected file not found in library',
  selectUpload: 'Select an upload first.',
  chooseTemplate: 'Choose a template first.',
  noActiveTemplates: 'No active templates. Create or enable one in Templates.',
  templateUnavailable: 'Template not available. Choose a template first.',
  templateNotFound: 'Template not found',
  fileNotAvailable: 'File not available.',
  chooseShow: 'Choose a Spreaker show.',
  publishFailed: 'Failed to publish.',
  saved: 'Saved',
  scheduled: 'Scheduled for Spreaker.',
  published: 'Published to Spreaker.',
  suggestionsApplied: 'Intro/Outro suggestions applied',
  sectionSaved: 'Intro/Outro saved to this draft',
  introOutroManual: 'Completed',
  introOutroAi: 'AI Text Applied',
  draftNotFound: 'Draft not found',
  suggestionsLocked: (min: number) => `AI suggestions need at least ${min} processed or published episodes in this show.`,
} as const;

/** The checklist of spec 002 §2.11, in order. */
export const AB_CHECKLIST = ['Title', 'Description', 'Tags', 'Choose template', 'Finish intro/outro'] as const;

export const ZAbSectionType = z.enum(['intro', 'outro']);
export type TAbSectionType = z.infer<typeof ZAbSectionType>;
export const ZAbSourceType = z.enum(['tts', 'ai_generated', 'static']);
export type TAbSourceType = z.infer<typeof ZAbSourceType>;
export const ZAbIntroOutroStatus = z.enum(['none', 'manual', 'ai']);
export type TAbIntroOutroStatus = z.infer<typeof ZAbIntroOutroStatus>;
export const ZAbTranscriptState = z.enum(['processing', 'ready', 'error']);

/** One intro or outro segment of a draft, as the creator set it (spec 002 §3 Template segments). */
export const ZAbSegmentOverride = z.object({
  segment_id: z.string().trim().min(1).max(200),
  section_type: ZAbSectionType,
  source_type: ZAbSourceType,
  script: z.string().max(AB_WORKSPACE.scriptMax).default(''),
  prompt: z.string().max(AB_WORKSPACE.scriptMax).default(''),
  filename: z.string().max(300).default(''),
  /** The library file's id, for a static segment (the server fills it in from the filename when absent). */
  media_id: z.string().max(200).nullish(),
  voice_id: z.string().max(200).nullish(),
  voice_name: z.string().max(200).nullish(),
});
export type TAbSegmentOverride = z.infer<typeof ZAbSegmentOverride>;
export type TAbSegmentOverrideInput = z.input<typeof ZAbSegmentOverride>;

/** Draft metadata per show and file (spec 002 §3), as the server keeps it. */
export const ZAbDraft = z.object({
  id: z.string(),
  podcast_id: z.string().nullable(),
  media_id: z.string(),
  filename: z.string(),
  display_name: z.string(),
  nickname: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  duration_sec: z.number().nullable(),
  transcript: ZAbTranscriptState,
  title: z.string(),
  description: z.string(),
  tags: z.string(),
  template: z.string().nullable(),
  template_name: z.string().nullable(),
  segment_overrides: z.array(ZAbSegmentOverride),
  introoutro: z.boolean(),
  introoutro_status: ZAbIntroOutroStatus,
  episode_id: z.string().nullable(),
  spreaker_show_id: z.string().nullable(),
  schedule_at: z.string().nullable(),
  last_publish_response: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TAbDraft = z.infer<typeof ZAbDraft>;
export const ZAbDraftList = z.object({ items: z.array(ZAbDraft) });

const uuid = z.uuid({ error: AB_MESSAGES.selectUpload });

/** POST /ab/upload: a finished upload (tus) becomes a draft of a show. */
export const ZAbUploadRequest = z.object({
  media_id: uuid,
  podcast_id: z.uuid().nullish(),
  nickname: z.string().trim().max(AB_WORKSPACE.nicknameMax).nullish(),
});
export const ZAbDraftsQuery = z.object({ podcast_id: z.uuid().optional() });

/** PATCH /ab/drafts/{id}: the checklist's fields; absent ones are kept. */
export const ZAbDraftPatch = z.object({
  title: z.string().max(AB_WORKSPACE.titleMax).optional(),
  description: z.string().max(AB_WORKSPACE.descriptionMax).optional(),
  tags: z.string().max(AB_WORKSPACE.tagsMax).optional(),
  template_id: z.string().trim().min(1, { error: AB_MESSAGES.chooseTemplate }).nullish(),
  spreaker_show_id: z.string().max(200).nullish(),
  schedule_at: z.iso.datetime({ offset: true }).nullish(),
});
export type TAbDraftPatch = z.infer<typeof ZAbDraftPatch>;
export const ZAbDraftIdInput = z.object({ id: z.string() });

/** GET /ab/drafts/{id}/status: the transcript and, once finalized, the episode. */
export const ZAbDraftStatus = z.object({
  draft_id: z.string(),
  transcript: ZAbTranscriptState,
  transcript_progress: z.number().nullable(),
  episode: z
    .object({
      id: z.string(),
      status: z.string(),
      assembly_status: z.string().nullable(),
      publish_state: z.string().nullable(),
      /** Why the host refused it (publish_error), in the host check's words. */
      publish_error: z.string().nullable(),
    })
    .nullable(),
});
export type TAbDraftStatus = z.infer<typeof ZAbDraftStatus>;

/** Save section: the draft's intro/outro segments, checked per spec 002 §5, stored as 'Intro n' / 'Outro n'. */
export const ZAbSaveSectionsRequest = z.object({
  draft_id: z.string().trim().min(1, { error: AB_MESSAGES.selectUpload }),
  segments: z.array(ZAbSegmentOverride).min(1).max(10),
  status: z.enum(['manual', 'ai']).default('manual'),
});
export type TAbSaveSectionsRequest = z.input<typeof ZAbSaveSectionsRequest>;

export const ZAbSavedSection = z.object({
  id: z.string(),
  podcast_id: z.string().nullable(),
  episode_id: z.string().nullable(),
  tag: z.string(),
  section_type: ZAbSectionType,
  source_type: ZAbSourceType,
  content: z.string(),
  voice_id: z.string().nullable(),
  voice_name: z.string().nullable(),
  created_at: z.string(),
});
export type TAbSavedSection = z.infer<typeof ZAbSavedSection>;
export const ZAbSavedSections = z.object({ items: z.array(ZAbSavedSection) });
export const ZAbSectionsQuery = z.object({ podcast_id: z.uuid().optional() });
export const ZAbSaveSectionsResponse = z.object({ draft: ZAbDraft, sections: z.array(ZAbSavedSection) });

/** Suggest section (spec 002 §7): a script for one intro or outro, learning from the last saved ones. */
export const ZAbSuggestSectionRequest = z.object({
  draft_id: z.string().trim().min(1, { error: AB_MESSAGES.selectUpload }),
  episode_id: z.string().nullish(),
  podcast_id: z.string().nullish(),
  tag: z.string().max(60).nullish(),
  section_type: ZAbSectionType,
  hint: z.string().max(300).nullish(),
  history_count: z.number().int().min(1).max(AB_WORKSPACE.suggestionHistory).default(AB_WORKSPACE.suggestionHistory),
});
export const ZAbSuggestSectionResponse = z.object({ script: z.string() });

/** Publish to the host (spec 002 §7): show_id, title, description, filename, optional auto_published_at. */
export const ZAbPublishRequest = z.object({
  draft_id: z.string().trim().min(1, { error: AB_MESSAGES.selectUpload }),
  show_id: z.string({ error: AB_MESSAGES.chooseShow }).trim().min(1, { error: AB_MESSAGES.chooseShow }),
  title: z.string().trim().min(1).max(AB_WORKSPACE.titleMax),
  description: z.string().max(AB_WORKSPACE.descriptionMax).default(''),
  filename: z.string().trim().min(1, { error: AB_MESSAGES.fileNotAvailable }),
  /** Draft keeps it unpublished ('Save for Draft'); publish sends it to the host now or at auto_published_at. */
  visibility: z.enum(['draft', 'publish']).default('publish'),
  auto_published_at: z.string().nullish(),
});
export type TAbPublishRequest = z.input<typeof ZAbPublishRequest>;
export const ZAbPublishResponse = z.object({
  episode_id: z.string(),
  job_id: z.string().nullable(),
  outcome: z.enum(['draft', 'scheduled', 'published']),
  message: z.string(),
  draft: ZAbDraft,
});
export type TAbPublishResponse = z.infer<typeof ZAbPublishResponse>;

/** 'ab_state_' and the first 6 characters of the session token (spec 002 §3). */
export function abStateKey(token: string | null): string {
  return `${AB_WORKSPACE.stateKeyPrefix}${(token ?? '').slice(0, AB_WORKSPACE.stateTokenChars)}`;
}

/** The filename as the upload list shows it: 60 characters, 50 with a nickname. */
export function abDisplayName(filename: string, nickname: string | null | undefined): string {
  const max = nickname ? AB_WORKSPACE.filenameMaxWithNickname : AB_WORKSPACE.filenameMax;
  return filename.length > max ? `${filename.slice(0, max - 1)}…` : filename;
}

/** The schedule is sent only when it is a valid date (spec 002 §5). */
export function abScheduleOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A file of the user's library as the intro/outro check knows it. */
export interface AbLibraryFile {
  id: string;
  filename: string;
}
export type AbLibrary = Record<TAbSectionType, readonly AbLibraryFile[]>;

/** The library file a static segment names: by its id when it has one (another user's id matches nothing), else by filename. */
export function abStaticFile(segment: TAbSegmentOverrideInput, library: AbLibrary): AbLibraryFile | null {
  const files = library[segment.section_type];
  if (segment.media_id) return files.find((file) => file.id === segment.media_id) ?? null;
  const name = (segment.filename ?? '').trim();
  return files.find((file) => file.filename === name) ?? null;
}

/**
 * Spec 002 §5 intro/outro save: each problem in the spec's words; `library` holds the user's intro
 * and outro files. Empty when the segments may be saved.
 */
export function abSectionProblems(segments: readonly TAbSegmentOverrideInput[], library: AbLibrary): string[] {
  const problems: string[] = [];
  for (const segment of segments) {
    if (segment.source_type === 'tts' && !(segment.script ?? '').trim()) problems.push(AB_MESSAGES.scriptRequired(segment.section_type));
    if (segment.source_type === 'ai_generated' && !(segment.prompt ?? '').trim()) problems.push(AB_MESSAGES.promptRequired);
    if (segment.source_type === 'static') {
      if (!(segment.filename ?? '').trim() && !segment.media_id) problems.push(AB_MESSAGES.chooseStatic);
      else if (!abStaticFile(segment, library)) problems.push(AB_MESSAGES.staticNotFound);
    }
  }
  return problems;
}

/** The checklist's five marks: Title, Description, Tags, Choose template, Finish intro/outro. */
export function abChecklist(draft: Pick<TAbDraft, 'title' | 'description' | 'tags' | 'template' | 'introoutro_status'>): boolean[] {
  return [
    draft.title.trim() !== '',
    draft.description.trim() !== '',
    draft.tags.trim() !== '',
    Boolean(draft.template),
    draft.introoutro_status !== 'none',
  ];
}
