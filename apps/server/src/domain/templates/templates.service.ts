import { randomUUID } from 'node:crypto';
import {
  TEMPLATE_MESSAGES,
  ZTemplateBody,
  isIanaTimezone,
  type TTemplateBody,
  type TTemplatePatch,
  type TTemplateView,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { User } from '../users/user.entity.ts';
import type { PodcastsRepository } from '../podcasts/podcasts.repository.ts';
import type { Template } from './template.entity.ts';
import type { TemplatesRepository } from './templates.repository.ts';
import { assertTemplateFiles, type TemplateFileLookup } from './template-files.ts';
import { assertVoicesAvailable, namedVoices, type TemplateVoiceLookup } from './template-voices.ts';
import { toTemplateBody, toTemplateView } from './template.dto.ts';

/**
 * Episode templates of one user (spec 000 sections 2-5, spec 002 template deletion): create, read,
 * update (a partial body keeps the stored values), enable/disable, delete while another remains.
 * Another user's template is a 404, like a missing one. A template naming a clip or music bed the
 * user does not have (or whose file is gone), or a voice none of their engines has, is refused with a
 * 422 naming it.
 */
export class TemplatesService {
  private readonly repository: TemplatesRepository;
  private readonly shows: Pick<PodcastsRepository, 'findOwned'>;
  private readonly files: TemplateFileLookup;
  private readonly voices: TemplateVoiceLookup;
  constructor(
    repository: TemplatesRepository,
    shows: Pick<PodcastsRepository, 'findOwned'>,
    files: TemplateFileLookup,
    voices: TemplateVoiceLookup,
  ) {
    this.repository = repository;
    this.shows = shows;
    this.files = files;
    this.voices = voices;
  }

  async getOwned(user: Pick<User, 'id'>, id: string): Promise<Template> {
    return orNotFound(await this.repository.findOwned(user, id), TEMPLATE_MESSAGES.templateNotFound);
  }

  /** The user's templates, oldest first. */
  async findForUser(user: Pick<User, 'id'>): Promise<TTemplateView[]> {
    const rows = await this.repository.findForUser(user);
    return rows.map(toTemplateView);
  }

  async get(user: Pick<User, 'id'>, id: string): Promise<TTemplateView> {
    return toTemplateView(await this.getOwned(user, id));
  }

  /** POST /api/templates/. */
  async create(user: Pick<User, 'id'> & { timezone?: string | null }, input: TTemplateBody): Promise<TTemplateView> {
    const body = await this.validate(user, input);
    await this.assertFiles(user, body);
    await assertVoicesAvailable(this.voices, user, namedVoices(body));
    const template = this.repository.create({
      user: user.id,
      ...this.columns(body),
      scheduleTimezone: user.timezone && isIanaTimezone(user.timezone) ? user.timezone : 'UTC',
    });
    await this.repository.flush();
    return toTemplateView(template);
  }

  /** PUT /api/templates/{id}: fields left out keep their stored values. */
  async update(user: Pick<User, 'id'>, id: string, patch: TTemplatePatch): Promise<TTemplateView> {
    const template = await this.getOwned(user, id);
    // The merged template is a new value: checked whole (segment order, the show, static clips).
    const body = await this.validate(user, parseInput(ZTemplateBody, { ...toTemplateBody(template), ...patch }));
    // Only the files this request names: a template whose clip was deleted since can still be renamed or disabled.
    await this.assertFiles(user, {
      segments: patch.segments ? body.segments : undefined,
      background_music_rules: patch.background_music_rules ? body.background_music_rules : undefined,
    });
    // Likewise only the voices it names: one an engine no longer has does not block renaming the template.
    await assertVoicesAvailable(
      this.voices,
      user,
      namedVoices({
        segments: patch.segments ? body.segments : undefined,
        default_elevenlabs_voice_id: patch.default_elevenlabs_voice_id,
        default_intern_voice_id: patch.default_intern_voice_id,
        automation_settings: patch.automation_settings ? body.automation_settings : undefined,
      }),
    );
    Object.assign(template, this.columns(body));
    await this.repository.flush();
    return toTemplateView(template);
  }

  /** The status card's Disable / Enable. */
  async setActive(user: Pick<User, 'id'>, id: string, active: boolean): Promise<TTemplateView> {
    const template = await this.getOwned(user, id);
    template.isActive = active;
    await this.repository.flush();
    return toTemplateView(template);
  }

  /** Refused for the last template: the client looks for 'at least one template' in the message. */
  async delete(user: Pick<User, 'id'>, id: string): Promise<void> {
    const template = await this.getOwned(user, id);
    if ((await this.repository.countForUser(user)) <= 1) throw new AppError('BAD_REQUEST', TEMPLATE_MESSAGES.keepOneTemplate);
    await this.repository.remove(template);
  }

  /** What needs the database: the show is the user's; static clips are chosen. */
  private async validate(user: Pick<User, 'id'>, body: TTemplateBody): Promise<TTemplateBody> {
    const show = await this.shows.findOwned(user, body.podcast_id);
    if (!show) throw new AppError('VALIDATION', TEMPLATE_MESSAGES.showRequired);
    const unchosen = body.segments.findIndex(
      (s) => s.segment_type !== 'content' && s.source.source_type === 'static' && !s.source.filename,
    );
    if (unchosen >= 0)
      throw new AppError('VALIDATION', TEMPLATE_MESSAGES.staticFileRequired, [{ path: ['segments', unchosen, 'source', 'filename'] }]);
    return body;
  }

  private async assertFiles(user: Pick<User, 'id'>, body: Partial<Pick<TTemplateBody, 'segments' | 'background_music_rules'>>) {
    await assertTemplateFiles(
      this.files,
      user.id,
      { segments: body.segments, music: body.background_music_rules },
      { segment: TEMPLATE_MESSAGES.segmentFileNotFound, music: TEMPLATE_MESSAGES.musicFileNotFound },
    );
  }

  private columns(body: TTemplateBody) {
    return {
      podcast: body.podcast_id,
      name: body.name,
      description: body.description ?? null,
      isActive: body.is_active,
      segments: body.segments,
      backgroundMusicRules: body.background_music_rules.map((rule) => ({ ...rule, id: rule.id ?? randomUUID() })),
      timing: body.timing,
      aiSettings: body.ai_settings,
      defaultElevenlabsVoiceId: body.default_elevenlabs_voice_id ?? null,
      defaultInternVoiceId: body.default_intern_voice_id ?? null,
      automationSettings: { intern_voice_id: body.automation_settings.intern_voice_id ?? null },
    };
  }
}
