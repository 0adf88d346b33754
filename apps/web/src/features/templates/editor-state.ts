import {
  TEMPLATE,
  TEMPLATE_MESSAGES,
  TEMPLATE_VOLUME_DB_DEFAULT,
  ZAlwaysIncludeTags,
  ZTemplateBody,
  dbToScale,
  insertSegment,
  scaleToDb,
  type TBackgroundMusicRuleInput,
  type TSegment,
  type TSegmentType,
  type TTemplateBodyInput,
  type TTemplateView,
} from '@ppp/contracts';

/*
 * The Template Editor's working copy (spec 000 sections 2-5): plain data the sections edit, a
 * snapshot to tell whether it is dirty, and the body sent to create or update.
 */

export interface MusicRuleDraft {
  key: string;
  id?: string;
  apply_to_segments: TSegmentType[];
  music_filename: string;
  start_offset_s: number;
  end_offset_s: number;
  fade_in_s: number;
  fade_out_s: number;
  /** 1-11 on the loudness scale; stored as dB. */
  loudness: number;
}

export interface TemplateDraft {
  name: string;
  description: string;
  podcast_id: string | null;
  is_active: boolean;
  segments: TSegment[];
  music: MusicRuleDraft[];
  content_start_offset_s: number;
  outro_start_offset_s: number;
  title_instructions: string;
  notes_instructions: string;
  tags_instructions: string;
  /** As typed: comma separated. */
  tags_always_include: string;
  auto_generate_tags: boolean;
  auto_fill_ai: boolean;
  default_elevenlabs_voice_id: string | null;
  default_intern_voice_id: string | null;
}

/** An edit of the draft: the fields that change, or a function of the current draft giving them. */
export type DraftChange = Partial<TemplateDraft> | ((current: TemplateDraft) => Partial<TemplateDraft>);

export function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `id-${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

export function contentSegment(): TSegment {
  return { id: newId(), slug: 'content', name: 'Main content', segment_type: 'content', source: { source_type: 'static', filename: '' } };
}

/** A new segment of a type: intro and outro start as a library clip, the content is the episode's audio. */
export function newSegment(type: TSegmentType): TSegment {
  if (type === 'content') return contentSegment();
  const label = type.charAt(0).toUpperCase() + type.slice(1);
  return { id: newId(), slug: type, name: label, segment_type: type, source: { source_type: 'static', filename: '' } };
}

export function newMusicRule(): MusicRuleDraft {
  return {
    key: newId(),
    apply_to_segments: ['intro', 'outro'],
    music_filename: '',
    start_offset_s: 0,
    end_offset_s: 0,
    fade_in_s: TEMPLATE.defaultFadeInS,
    fade_out_s: TEMPLATE.defaultFadeOutS,
    loudness: TEMPLATE.loudnessDefault,
  };
}

/** A blank template: one content segment between an empty intro and outro, the first show chosen. */
export function newTemplateDraft(podcastId: string | null): TemplateDraft {
  let segments: TSegment[] = [contentSegment()];
  segments = insertSegment(segments, newSegment('intro'));
  segments = insertSegment(segments, newSegment('outro'));
  return {
    name: '',
    description: '',
    podcast_id: podcastId,
    is_active: true,
    segments,
    music: [],
    content_start_offset_s: 0,
    outro_start_offset_s: 0,
    title_instructions: '',
    notes_instructions: '',
    tags_instructions: '',
    tags_always_include: '',
    auto_generate_tags: true,
    auto_fill_ai: true,
    default_elevenlabs_voice_id: null,
    default_intern_voice_id: null,
  };
}

export function draftFromTemplate(template: TTemplateView): TemplateDraft {
  return {
    name: template.name,
    description: template.description ?? '',
    podcast_id: template.podcast_id,
    is_active: template.is_active,
    segments: template.segments,
    music: template.background_music_rules.map((rule) => ({
      key: rule.id ?? newId(),
      id: rule.id,
      apply_to_segments: rule.apply_to_segments,
      music_filename: rule.music_filename,
      start_offset_s: rule.start_offset_s,
      end_offset_s: rule.end_offset_s,
      fade_in_s: rule.fade_in_s,
      fade_out_s: rule.fade_out_s,
      loudness: dbToScale(rule.volume_db),
    })),
    content_start_offset_s: template.timing.content_start_offset_s,
    outro_start_offset_s: template.timing.outro_start_offset_s,
    title_instructions: template.ai_settings.title_instructions ?? '',
    notes_instructions: template.ai_settings.notes_instructions ?? '',
    tags_instructions: template.ai_settings.tags_instructions ?? '',
    tags_always_include: template.ai_settings.tags_always_include.join(', '),
    auto_generate_tags: template.ai_settings.auto_generate_tags,
    auto_fill_ai: template.ai_settings.auto_fill_ai,
    default_elevenlabs_voice_id: template.default_elevenlabs_voice_id ?? null,
    default_intern_voice_id: template.default_intern_voice_id ?? null,
  };
}

function musicBody(rule: MusicRuleDraft): TBackgroundMusicRuleInput {
  return {
    ...(rule.id ? { id: rule.id } : {}),
    apply_to_segments: rule.apply_to_segments,
    music_filename: rule.music_filename,
    start_offset_s: rule.start_offset_s,
    end_offset_s: rule.end_offset_s,
    fade_in_s: rule.fade_in_s,
    fade_out_s: rule.fade_out_s,
    volume_db: rule.loudness === TEMPLATE.loudnessDefault ? TEMPLATE_VOLUME_DB_DEFAULT : scaleToDb(rule.loudness),
  };
}

/** The body of POST /api/templates/ or PUT /api/templates/{id}. */
export function toTemplateBody(draft: TemplateDraft): TTemplateBodyInput {
  const blank = (text: string) => (text.trim() ? text : null);
  return {
    name: draft.name.trim(),
    description: blank(draft.description),
    podcast_id: draft.podcast_id ?? '',
    is_active: draft.is_active,
    segments: draft.segments,
    background_music_rules: draft.music.map(musicBody),
    timing: { content_start_offset_s: draft.content_start_offset_s, outro_start_offset_s: draft.outro_start_offset_s },
    ai_settings: {
      title_instructions: blank(draft.title_instructions),
      notes_instructions: blank(draft.notes_instructions),
      tags_instructions: blank(draft.tags_instructions),
      tags_always_include: draft.tags_always_include,
      auto_generate_tags: draft.auto_generate_tags,
      auto_fill_ai: draft.auto_fill_ai,
    },
    default_elevenlabs_voice_id: draft.default_elevenlabs_voice_id,
    default_intern_voice_id: draft.default_intern_voice_id,
  };
}

/** What the dirty check compares: the body, without ids that only exist on the client. */
export function snapshotOf(draft: TemplateDraft): string {
  return JSON.stringify(toTemplateBody(draft));
}

export interface DraftProblems {
  name?: string;
  podcast_id?: string;
  tags_always_include?: string;
  /** By segment id. */
  segments: Record<string, string>;
  /** By music rule key. */
  music: Record<string, string>;
  /** The first problem, for the save failure toast. */
  first: string | null;
}

/** The editor's checks before saving, in the spec's words where it has them; the contract decides the rest. */
export function validateDraft(draft: TemplateDraft): DraftProblems {
  const problems: DraftProblems = { segments: {}, music: {}, first: null };
  if (!draft.name.trim()) problems.name = 'Give the template a name.';
  if (!draft.podcast_id) problems.podcast_id = TEMPLATE_MESSAGES.showRequired;
  const tags = ZAlwaysIncludeTags.safeParse(draft.tags_always_include);
  if (!tags.success) problems.tags_always_include = tags.error.issues[0]?.message ?? 'Check the tags.';
  for (const segment of draft.segments) {
    if (segment.segment_type !== 'content' && segment.source.source_type === 'static' && !segment.source.filename) {
      problems.segments[segment.id] = TEMPLATE_MESSAGES.staticFileRequired;
    }
  }
  for (const rule of draft.music) {
    if (!rule.music_filename) problems.music[rule.key] = 'Choose a music file.';
    else if (rule.apply_to_segments.length === 0) problems.music[rule.key] = 'Choose the segments this music plays under.';
  }
  if (!problems.first) {
    const contract = ZTemplateBody.safeParse(toTemplateBody(draft));
    const message = contract.success ? null : (contract.error.issues[0]?.message ?? 'Check the template.');
    problems.first =
      problems.podcast_id ??
      problems.name ??
      problems.tags_always_include ??
      Object.values(problems.segments)[0] ??
      Object.values(problems.music)[0] ??
      message;
  }
  return problems;
}

export function hasProblems(problems: DraftProblems): boolean {
  return problems.first !== null;
}

/** The editor section holding the first problem, opened when a save is refused. */
export function sectionOfProblem(found: DraftProblems): 'basics' | 'ai' | 'structure' | 'music' {
  if (found.podcast_id || found.name) return 'basics';
  if (found.tags_always_include) return 'ai';
  return Object.keys(found.segments).length ? 'structure' : 'music';
}
