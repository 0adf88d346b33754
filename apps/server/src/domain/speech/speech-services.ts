import type { EntityManager } from '@mikro-orm/postgresql';
import type { SharedDeps } from '../services.ts';
import { SpeechService } from './speech.service.ts';
import { SpeechRepository } from './speech.repository.ts';
import { TtsService } from './tts.service.ts';
import { TtsClipsRepository } from './tts-clips.repository.ts';
import { secretBoxFor } from './secret-box.ts';

/** Speech of one unit of work: the voice providers and their keys, and AI-voice clips. */
export function createSpeechServices(em: EntityManager, shared: SharedDeps) {
  const { config, storage } = shared;
  const speech = new SpeechService({ rows: new SpeechRepository(em), config, secrets: () => secretBoxFor(config), storage });
  return { speech, tts: new TtsService({ clips: new TtsClipsRepository(em), storage, speech }) };
}
