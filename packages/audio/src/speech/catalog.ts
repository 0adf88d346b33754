import { VOICES, orderVoicesForLanguage, type TSpeechProvider, type TVoice, type TVoicePage } from '@ppp/contracts';
import { SpeechError, type SpeechEngine, type SynthesizeRequest, type SynthesizedAudio } from './engine.ts';

/*
 * The voices of every configured engine behind one list, ids namespaced by engine
 * ('espeak:en-us+f3', 'elevenlabs:<id>') so a stored voice says which engine speaks it.
 */

export interface VoiceCatalog {
  /** Engines that are available now, in the order given. */
  engines(): Promise<SpeechEngine[]>;
  /** lang: the browser's language; its voices come first (its region's before the others). */
  listVoices(query?: { search?: string | undefined; page?: number; size?: number; lang?: string | undefined }): Promise<TVoicePage>;
  /** A stored voice id; a bare id (templates saved before namespacing, all ElevenLabs) is looked up in every engine. */
  resolveVoice(voiceId: string): Promise<TVoice | null>;
  synthesize(request: Omit<SynthesizeRequest, 'voiceId'> & { voiceId: string }): Promise<SynthesizedAudio & { provider: TSpeechProvider }>;
}

export function namespacedVoiceId(provider: TSpeechProvider, voiceId: string): string {
  return `${provider}:${voiceId}`;
}

/** Splits 'engine:id'; ids of engines not listed keep their colon (Google names have none, ElevenLabs ids neither). */
export function splitVoiceId(voiceId: string, providers: readonly string[]): { provider: string | null; id: string } {
  const colon = voiceId.indexOf(':');
  if (colon > 0) {
    const provider = voiceId.slice(0, colon);
    if (providers.includes(provider)) return { provider, id: voiceId.slice(colon + 1) };
  }
  return { provider: null, id: voiceId };
}

function namespaced(voice: TVoice): TVoice {
  return { ...voice, voice_id: namespacedVoiceId(voice.provider, voice.voice_id) };
}

export function voiceCatalog(all: readonly SpeechEngine[]): VoiceCatalog {
  const ids = all.map((engine) => engine.id);

  async function engines(): Promise<SpeechEngine[]> {
    const flags = await Promise.all(all.map((engine) => engine.available().catch(() => false)));
    return all.filter((_, index) => flags[index]);
  }

  async function engineFor(voiceId: string): Promise<{ engine: SpeechEngine; id: string } | null> {
    const { provider, id } = splitVoiceId(voiceId, ids);
    const ready = await engines();
    if (provider) {
      const engine = ready.find((e) => e.id === provider);
      return engine ? { engine, id } : null;
    }
    for (const engine of ready) {
      const { items } = await engine.listVoices().catch(() => ({ items: [] as TVoice[] }));
      if (items.some((voice) => voice.voice_id === id)) return { engine, id };
    }
    return null;
  }

  return {
    engines,
    async listVoices(query = {}) {
      const page = Math.max(1, Math.floor(query.page ?? 1));
      const size = Math.min(VOICES.bulkPageSize, Math.max(1, Math.floor(query.size ?? VOICES.pageSize)));
      // One engine failing (a revoked key) must not hide the others' voices.
      const lists = await Promise.all(
        (await engines()).map((engine) => engine.listVoices({ search: query.search }).catch(() => ({ items: [] as TVoice[], total: 0 }))),
      );
      const merged = orderVoicesForLanguage(
        lists.flatMap((list) => list.items.map(namespaced)),
        query.lang,
      );
      return { items: merged.slice((page - 1) * size, page * size), total: merged.length, page, size };
    },
    async resolveVoice(voiceId) {
      const found = await engineFor(voiceId);
      if (!found) return null;
      const { items } = await found.engine.listVoices();
      const voice = items.find((v) => v.voice_id === found.id);
      return voice ? namespaced(voice) : null;
    },
    async synthesize(request) {
      const found = await engineFor(request.voiceId);
      if (!found) throw new SpeechError('speech', `no configured engine has the voice '${request.voiceId}'`);
      const audio = await found.engine.synthesize({ ...request, voiceId: found.id });
      return { ...audio, provider: found.engine.id };
    },
  };
}
