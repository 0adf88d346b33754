import { TTS_MESSAGES, type TTemplateBody } from '@ppp/contracts';
import type { VoiceCatalog } from '@ppp/audio';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';

/** The user's voices (their engines: the local ones, ElevenLabs when they keep a key). */
export interface TemplateVoiceLookup {
  catalogFor(user: Pick<User, 'id'>): Promise<Pick<VoiceCatalog, 'resolveVoice'>>;
}

type VoiceFields = Partial<
  Pick<TTemplateBody, 'segments' | 'default_elevenlabs_voice_id' | 'default_intern_voice_id' | 'automation_settings'>
>;

/** Each voice a template (or the part of it a request sends) names, with where it is, for the 422's path. */
export function namedVoices(body: VoiceFields): { path: (string | number)[]; voiceId: string }[] {
  const named: { path: (string | number)[]; voiceId: string }[] = [];
  body.segments?.forEach((segment, index) => {
    if (segment.source.source_type === 'tts' && segment.source.voice_id?.trim()) {
      named.push({ path: ['segments', index, 'source', 'voice_id'], voiceId: segment.source.voice_id.trim() });
    }
  });
  for (const [path, voiceId] of [
    [['default_elevenlabs_voice_id'], body.default_elevenlabs_voice_id],
    [['default_intern_voice_id'], body.default_intern_voice_id],
    [['automation_settings', 'intern_voice_id'], body.automation_settings?.intern_voice_id],
  ] as const) {
    if (voiceId?.trim()) named.push({ path: [...path], voiceId: voiceId.trim() });
  }
  return named;
}

/**
 * Refuses (422, naming where) a voice none of the user's engines has (issue 35): saved, it would
 * make every render of the template fail after its minutes were charged.
 */
export async function assertVoicesAvailable(
  lookup: TemplateVoiceLookup,
  user: Pick<User, 'id'>,
  named: readonly { path: (string | number)[]; voiceId: string }[],
): Promise<void> {
  if (named.length === 0) return;
  const catalog = await lookup.catalogFor(user);
  const known = new Map<string, boolean>();
  for (const { path, voiceId } of named) {
    if (!known.has(voiceId)) known.set(voiceId, (await catalog.resolveVoice(voiceId)) !== null);
    if (!known.get(voiceId))
      throw new AppError('VALIDATION', TTS_MESSAGES.voiceUnavailable, [{ path, message: TTS_MESSAGES.voiceUnavailable }]);
  }
}
