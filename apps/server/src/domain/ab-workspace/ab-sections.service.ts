import {
  AB_MESSAGES,
  AB_WORKSPACE,
  abSectionProblems,
  abStaticFile,
  type AbLibrary,
  type TAbDraft,
  type TAbSavedSection,
  type TAbSectionType,
  type TAbSegmentOverride,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { Owner } from '../users/user.entity.ts';
import type { AiTextService } from '../ai-text/ai-text.service.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { AbWorkspaceRepository } from './ab-workspace.repository.ts';
import type { AbSavedSection } from './ab-saved-section.entity.ts';
import type { AbDraft } from './ab-draft.entity.ts';
import { toDraftDto, toSectionDto } from './ab-workspace.dto.ts';

export interface AbSectionsDeps {
  repo: AbWorkspaceRepository;
  aiText: Pick<AiTextService, 'title'>;
}

const idOf = (ref: { id: string } | string | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;
const label = (type: TAbSectionType): string => (type === 'intro' ? 'Intro' : 'Outro');

/** What a saved section keeps of a segment: the script, the prompt or the library file. */
function contentOf(segment: TAbSegmentOverride): string {
  if (segment.source_type === 'static') return segment.filename.trim();
  return segment.source_type === 'tts' ? segment.script.trim() : segment.prompt.trim();
}

/** Each static segment names its library file by id and stored filename (checked to be the user's before). */
function withFiles(segments: readonly TAbSegmentOverride[], library: AbLibrary): TAbSegmentOverride[] {
  return segments.map((segment) => {
    const file = segment.source_type === 'static' ? abStaticFile(segment, library) : null;
    return file ? { ...segment, filename: file.filename, media_id: file.id } : segment;
  });
}

/** The episode's topic from its AI title, unless it only repeats the show's name ('Today: Garden Hour.' says nothing). */
function topicOf(title: string | null | undefined, showName: string): string | null {
  const topic = title?.trim().replace(/[.!?]+$/, '') ?? '';
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  if (!plain(topic) || plain(showName).includes(plain(topic))) return null;
  return topic;
}

/** The opening sentence the creator used most often in recent sections, or the default one. */
function learntOpening(history: readonly AbSavedSection[], fallback: string): string {
  const counts = new Map<string, number>();
  for (const section of history) {
    const first = /^[^.!?]+[.!?]/.exec(section.content.trim())?.[0];
    if (first && section.sourceType !== 'static') counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((x, y) => y[1] - x[1]);
  return best?.[0] ?? fallback;
}

/**
 * Intro/outro sections of a draft (spec 002 §3-§5): saving checks each segment in the spec's words
 * and keeps it as 'Intro n' / 'Outro n'; a suggestion (five processed or published episodes in the
 * show) writes a script from the upload's transcript through the text-AI service, opening the way the
 * creator's last saved sections did.
 */
export class AbSectionsService {
  private readonly deps: AbSectionsDeps;
  constructor(deps: AbSectionsDeps) {
    this.deps = deps;
  }

  async list(user: Owner, podcastId?: string): Promise<{ items: TAbSavedSection[] }> {
    return { items: (await this.deps.repo.findSections(user.id, podcastId)).map(toSectionDto) };
  }

  async save(
    user: Owner,
    body: { draft_id: string; segments: TAbSegmentOverride[]; status: 'manual' | 'ai' },
  ): Promise<{ draft: TAbDraft; sections: TAbSavedSection[] }> {
    const draft = await this.deps.repo.getDraft(user.id, body.draft_id);
    if (!draft.templateId) throw new AppError('VALIDATION', AB_MESSAGES.chooseTemplate);
    const library = await this.deps.repo.library(user.id);
    const problems = abSectionProblems(body.segments, library);
    if (problems.length > 0) {
      throw new AppError(
        'VALIDATION',
        `${AB_MESSAGES.fixBeforeSaving} ${problems.join('; ')}`,
        problems.map((message) => ({ message })),
      );
    }
    const segments = await this.withScripts(user, draft, withFiles(body.segments, library));
    const podcast = idOf(draft.podcast);
    const next = {
      intro: await this.deps.repo.countSections(user.id, podcast, 'intro'),
      outro: await this.deps.repo.countSections(user.id, podcast, 'outro'),
    };
    const sections = segments.map((segment) => {
      next[segment.section_type] += 1;
      return this.deps.repo.createSection({
        user: user.id,
        podcast,
        draftId: draft.id,
        episodeId: draft.episodeId ?? null,
        tag: `${label(segment.section_type)} ${next[segment.section_type]}`,
        sectionType: segment.section_type,
        sourceType: segment.source_type,
        content: contentOf(segment),
        voiceId: segment.voice_id ?? null,
        voiceName: segment.voice_name ?? null,
      });
    });
    draft.segmentOverrides = segments;
    draft.introoutroStatus = body.status;
    await this.deps.repo.flush();
    return { draft: toDraftDto(draft), sections: sections.map(toSectionDto) };
  }

  /** An AI-prompt segment is voiced from a script the text AI writes for its prompt (kept beside the prompt). */
  private async withScripts(user: Owner, draft: AbDraft, segments: TAbSegmentOverride[]): Promise<TAbSegmentOverride[]> {
    const podcast = draft.podcast ? await this.deps.repo.findShow(user.id, idOf(draft.podcast) ?? '') : null;
    const written: TAbSegmentOverride[] = [];
    for (const segment of segments) {
      const needs = segment.source_type === 'ai_generated' && !segment.script.trim();
      const script = needs
        ? await this.write(user, draft, podcast ?? { id: '', name: 'the show' }, segment.section_type, segment.prompt)
        : segment.script;
      written.push({ ...segment, script });
    }
    return written;
  }

  /** Suggest section: 409 until the show has five processed or published episodes. */
  async suggest(
    user: Owner,
    body: { draft_id: string; section_type: TAbSectionType; hint?: string | null | undefined; history_count: number },
  ): Promise<{ script: string }> {
    const draft = await this.deps.repo.getDraft(user.id, body.draft_id);
    const podcast = draft.podcast ? await this.deps.repo.findShow(user.id, idOf(draft.podcast) ?? '') : null;
    const finished = podcast ? await this.deps.repo.countFinishedEpisodes(user.id, podcast.id) : 0;
    if (!podcast || finished < AB_WORKSPACE.suggestionMinEpisodes) {
      throw new AppError('CONFLICT', AB_MESSAGES.suggestionsLocked(AB_WORKSPACE.suggestionMinEpisodes));
    }
    return { script: await this.write(user, draft, podcast, body.section_type, body.hint ?? null, body.history_count) };
  }

  /**
   * A script for one section through the text-AI service: the episode's topic (the draft's title, else
   * the upload's AI title), opened (or closed) the way the creator's last saved sections of that type
   * were; `prompt` is the creator's instruction.
   */
  private async write(
    user: Owner,
    draft: { upload: unknown; title?: string },
    podcast: { id: string; name: string },
    type: TAbSectionType,
    prompt: string | null,
    historyCount: number = AB_WORKSPACE.suggestionHistory,
  ): Promise<string> {
    const history = await this.deps.repo.findSections(user.id, podcast.id, { type, limit: historyCount });
    const examples = history.filter((s) => s.sourceType !== 'static').map((s) => s.content);
    const { title } = await this.deps.aiText.title(user, {
      hint: (draft.upload as MediaItem).id,
      base_prompt: `A spoken ${type} for ${podcast.name}${prompt ? ` (${prompt})` : ''}. Earlier ones:\n${examples.join('\n')}`,
    });
    const topic = topicOf(draft.title, podcast.name) ?? topicOf(title, podcast.name);
    if (type === 'intro') {
      const opening = learntOpening(history, `Welcome to ${podcast.name}.`);
      return topic ? `${opening} Today: ${topic}.` : opening;
    }
    const closing = learntOpening(history, `Thanks for listening to ${podcast.name}.`);
    return topic ? `That was ${topic}. ${closing}` : closing;
  }
}
