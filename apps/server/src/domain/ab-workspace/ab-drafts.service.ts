import { z } from 'zod';
import { AB_MESSAGES, type TAbDraft, type TAbDraftPatch, type TAbDraftStatus, type TTemplateView } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { Owner } from '../users/user.entity.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { MediaService } from '../media/media.service.ts';
import type { AbWorkspaceRepository } from './ab-workspace.repository.ts';
import type { AbDraft } from './ab-draft.entity.ts';
import { toDraftDto, transcriptState } from './ab-workspace.dto.ts';

export interface AbDraftsDeps {
  repo: AbWorkspaceRepository;
  templates: Pick<TemplatesService, 'findForUser'>;
  media: Pick<MediaService, 'delete'>;
}

const idOf = (ref: { id: string } | string | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

/**
 * Drafts of the /ab workspace (spec 002 §3-§4): one per upload and show, its checklist fields and
 * template; exactly one active template of the show is chosen for a draft that has none. Deleting a
 * draft deletes its upload (files and transcript), which removes the draft with it.
 */
export class AbDraftsService {
  private readonly deps: AbDraftsDeps;
  constructor(deps: AbDraftsDeps) {
    this.deps = deps;
  }

  /** POST /ab/upload: a finished upload of the user becomes a draft (the same one when asked again). */
  async register(user: Owner, body: { media_id: string; podcast_id?: string | null; nickname?: string | null }): Promise<TAbDraft> {
    const upload = await this.deps.repo.getUpload(user.id, body.media_id);
    const existing = await this.deps.repo.findDraftByUpload(user.id, upload.id);
    if (existing) return toDraftDto(existing);
    const show = body.podcast_id ? await this.deps.repo.findShow(user.id, body.podcast_id) : await this.deps.repo.firstShow(user.id);
    if (body.podcast_id && !show) throw new AppError('NOT_FOUND', AB_MESSAGES.chooseShow);
    const draft = this.deps.repo.createDraft({
      user: user.id,
      upload: upload.id,
      podcast: show?.id ?? null,
      nickname: body.nickname || null,
    });
    draft.upload = upload;
    await this.autoChoose(user, [draft]);
    await this.deps.repo.flush();
    return toDraftDto(draft);
  }

  async list(user: Owner, podcastId?: string): Promise<{ items: TAbDraft[] }> {
    const drafts = await this.deps.repo.findDrafts(user.id, podcastId);
    if (await this.autoChoose(user, drafts)) await this.deps.repo.flush();
    return { items: drafts.map(toDraftDto) };
  }

  async get(user: Owner, id: string): Promise<TAbDraft> {
    return toDraftDto(await this.deps.repo.getDraft(user.id, id));
  }

  /** PATCH /ab/drafts/{id}: an unknown (or another user's) template is 'Template not found', an inactive one not available. */
  async patch(user: Owner, id: string, patch: TAbDraftPatch): Promise<TAbDraft> {
    const draft = await this.deps.repo.getDraft(user.id, id);
    if (patch.template_id !== undefined) await this.linkTemplate(user, draft, patch.template_id);
    if (patch.title !== undefined) draft.title = patch.title;
    if (patch.description !== undefined) draft.description = patch.description;
    if (patch.tags !== undefined) draft.tags = patch.tags;
    if (patch.spreaker_show_id !== undefined) draft.spreakerShowId = patch.spreaker_show_id ?? null;
    if (patch.schedule_at !== undefined) draft.scheduleAt = patch.schedule_at ? new Date(patch.schedule_at) : null;
    await this.deps.repo.flush();
    return toDraftDto(draft);
  }

  /** Deletes the upload and, with it, its draft and saved draft metadata. */
  async delete(user: Owner, id: string): Promise<void> {
    const draft = await this.deps.repo.getDraft(user.id, id);
    await this.deps.media.delete(user, idOf(draft.upload) ?? '');
  }

  /** GET /ab/drafts/{id}/status: the transcript (polled every 5 s) and the episode once finalized. */
  async status(user: Owner, id: string): Promise<TAbDraftStatus> {
    const draft = await this.deps.repo.getDraft(user.id, id);
    const upload = draft.upload as { transcriptReady: boolean; status: string; transcriptionProgress?: number | null };
    const episode = await this.deps.repo.findEpisode(user.id, draft.episodeId ?? null);
    return {
      draft_id: draft.id,
      transcript: transcriptState(upload),
      transcript_progress: upload.transcriptionProgress ?? null,
      episode: episode
        ? {
            id: episode.id,
            status: episode.status,
            assembly_status: episode.assemblyStatus ?? null,
            publish_state: episode.publishState ?? null,
            publish_error: episode.publishError ?? null,
          }
        : null,
    };
  }

  private async linkTemplate(user: Owner, draft: AbDraft, templateId: string | null | undefined): Promise<void> {
    if (!templateId) {
      draft.templateId = null;
      draft.templateName = null;
      return;
    }
    const template = z.uuid().safeParse(templateId).success
      ? (await this.deps.templates.findForUser(user)).find((t) => t.id === templateId)
      : undefined;
    if (!template) throw new AppError('NOT_FOUND', AB_MESSAGES.templateNotFound);
    if (!template.is_active) throw new AppError('VALIDATION', AB_MESSAGES.templateUnavailable);
    draft.templateId = template.id;
    draft.templateName = template.name;
  }

  /** Spec 002 §4: exactly one active template for the draft's show (or any show, without one) is chosen. True when one was. */
  private async autoChoose(user: Owner, drafts: AbDraft[]): Promise<boolean> {
    const open = drafts.filter((d) => !d.templateId);
    if (open.length === 0) return false;
    const active = (await this.deps.templates.findForUser(user)).filter((t) => t.is_active);
    let chose = false;
    for (const draft of open) {
      const show = idOf(draft.podcast);
      const fits: TTemplateView[] = active.filter((t) => !show || t.podcast_id === show);
      const [only] = fits;
      if (fits.length === 1 && only) {
        draft.templateId = only.id;
        draft.templateName = only.name;
        chose = true;
      }
    }
    return chose;
  }
}
