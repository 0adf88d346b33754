import type { z } from 'zod';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { VoiceCatalog } from '@ppp/audio';
import {
  TTS,
  TTS_MESSAGES,
  type TCapabilities,
  type TVoice,
  type TVoicePage,
  type ZElevenLabsKeyRequest,
  type ZVoiceListQuery,
} from '@ppp/contracts';
import type { TConfig } from '../../config.ts';
import { AppError } from '../errors.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { User } from '../users/user.entity.ts';
import { textAiEngineName } from '../ai-text/text-ai-engine.ts';
import type { SecretBox } from './secret-box.ts';
import { offeredProviders, speechCatalog } from './speech-engines.ts';
import type { SpeechRepository } from './speech.repository.ts';
import { speechErrorToAppError } from './speech-errors.ts';

export interface SpeechDeps {
  /** The user's own key and what capabilities count. */
  rows: SpeechRepository;
  config: TConfig;
  /** Lazy: the key file is only read when a key is stored or used. */
  secrets: () => SecretBox;
  storage: StoragePort;
}

/** Voices, capabilities and the user's own ElevenLabs key (the speech port as the workspace sees it). */
export class SpeechService {
  private readonly deps: SpeechDeps;
  private readonly rows: SpeechRepository;
  constructor(deps: SpeechDeps) {
    this.deps = deps;
    this.rows = deps.rows;
  }

  /** The user's ElevenLabs key in plain text, or null (none stored, or sealed with a key since replaced). */
  async elevenLabsKey(user: Pick<User, 'id'>): Promise<string | null> {
    const row = await this.rows.elevenLabsKey(user);
    return row ? this.deps.secrets().open(row.sealed) : null;
  }

  async catalogFor(user: Pick<User, 'id'>): Promise<VoiceCatalog> {
    return speechCatalog(this.deps.config, await this.elevenLabsKey(user));
  }

  async capabilities(user: Pick<User, 'id'>): Promise<TCapabilities> {
    const key = await this.rows.elevenLabsKey(user);
    const plainKey = key ? this.deps.secrets().open(key.sealed) : null;
    const ready = (await speechCatalog(this.deps.config, plainKey).engines()).map((engine) => engine.id);
    const offered = offeredProviders(this.deps.config, plainKey !== null).filter((id) => ready.includes(id));
    return {
      has_elevenlabs: offered.includes('elevenlabs'),
      has_google_tts: offered.includes('google'),
      has_openai_tts: offered.includes('openai'),
      has_espeak: offered.includes('espeak'),
      has_tts: offered.length > 0,
      has_any_sfx_triggers: await this.rows.hasSfxTriggers(user),
      tts_providers: offered,
      elevenlabs_key_last4: key && plainKey !== null ? key.last4 : null,
      text_ai_engine: textAiEngineName(this.deps.config),
      own_key_allowed: this.deps.config.TTS_ENGINES.includes('elevenlabs'),
    };
  }

  /** Stores the key sealed (AES-256-GCM), or removes it when null or empty. */
  async setElevenLabsKey(user: Pick<User, 'id'>, { api_key: apiKey }: z.output<typeof ZElevenLabsKeyRequest>): Promise<TCapabilities> {
    await this.rows.saveElevenLabsKey(user, apiKey ? { sealed: this.deps.secrets().seal(apiKey), last4: apiKey.slice(-4) } : null);
    return this.capabilities(user);
  }

  /** GET /api/elevenlabs/voices: every configured engine's voices, searched and paged (50, or 200 in bulk). */
  async listVoices(user: Pick<User, 'id'>, parsed: z.output<typeof ZVoiceListQuery>): Promise<TVoicePage> {
    return (await this.catalogFor(user)).listVoices(parsed);
  }

  /** GET /api/elevenlabs/voice/{id}/resolve: a stored voice id (namespaced or a bare legacy id) to its names. */
  async resolveVoice(user: Pick<User, 'id'>, voiceId: string): Promise<TVoice> {
    const voice = voiceId.trim() ? await (await this.catalogFor(user)).resolveVoice(voiceId.trim()) : null;
    if (!voice) throw new AppError('NOT_FOUND', TTS_MESSAGES.voiceNotFound);
    return voice;
  }

  /**
   * A short sample of a voice for the picker's preview, synthesised once and kept in storage (the
   * sentence is fixed, so one sample per voice serves everyone who may use that voice).
   */
  async previewVoice(user: Pick<User, 'id'>, voiceId: string): Promise<{ key: string; size: number }> {
    const voice = await this.resolveVoice(user, voiceId);
    const name = createHash('sha256').update(`${voice.voice_id}\n${TTS.previewSentence}`).digest('hex').slice(0, 32);
    const key = `shared/voice-previews/${voice.provider}/${name}.mp3`;
    const existing = await this.deps.storage.stat(key);
    if (existing) return { key, size: existing.size };
    const work = await mkdtemp(path.join(tmpdir(), 'ppp-voice-preview-'));
    try {
      const destination = path.join(work, 'preview.mp3');
      const catalog = await this.catalogFor(user);
      await catalog.synthesize({ text: TTS.previewSentence, voiceId: voice.voice_id, destination }).catch((error: unknown) => {
        throw speechErrorToAppError(error);
      });
      const stored = await this.deps.storage.putFile(key, destination);
      return { key, size: stored.size };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
