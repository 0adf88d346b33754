import type { TTemplateBody, TTemplateView } from '@ppp/contracts';
import type { Template } from './template.entity.ts';

export function toTemplateView(template: Template): TTemplateView {
  return {
    id: template.id,
    name: template.name,
    description: template.description ?? null,
    is_active: template.isActive,
    podcast_id: template.podcast?.id ?? null,
    segments: template.segments,
    background_music_rules: template.backgroundMusicRules,
    timing: template.timing,
    ai_settings: template.aiSettings,
    default_elevenlabs_voice_id: template.defaultElevenlabsVoiceId ?? null,
    default_intern_voice_id: template.defaultInternVoiceId ?? null,
    automation_settings: { intern_voice_id: template.automationSettings.intern_voice_id ?? null },
    created_at: template.createdAt,
    updated_at: template.updatedAt,
  };
}

/** The stored template as a request body, so a partial PUT can be merged onto it. */
export function toTemplateBody(template: Template): Omit<TTemplateBody, 'podcast_id'> & { podcast_id: string | null } {
  const { id: _id, created_at: _created, updated_at: _updated, ...body } = toTemplateView(template);
  return body;
}
