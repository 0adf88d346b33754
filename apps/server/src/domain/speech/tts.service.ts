import type { z } from 'zod';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { normaliseText, similarity, type VoiceCatalog } from '@ppp/audio';
import {
  TTS,
  TTS_MESSAGES,
  estimateSpeechSeconds,
  ttsMayCost,
  type TMediaItem,
  type TTtsPrecheckResponse,
  type ZTtsPrecheckRequest,
  type ZTtsRequest,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import { mediaKey, type StoragePort } from '../storage/storage.ts';
import type { User } from '../users/user.entity.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import { toMediaDto } from '../media/media.dto.ts';
import { assertCategoryOpen, storedFilename } from '../media/upload-rules.ts';
import type { SpeechService } from './speech.service.ts';
import { speechErrorToAppError } from './speech-errors.ts';
import type { TtsClipsRepository } from './tts-clips.repository.ts';

export interface TtsDeps {
  clips: TtsClipsRepository;
  storage: StoragePort;
  speech: SpeechService;
}

/**
 * One-time AI-voice clips into the media library. Synthesis runs inline: scripts are capped at
 * 4,000 characters, espeak-ng speaks a minute of text in well under a second and the providers answer
 * in seconds, and the dialog waits for the filename anyway (spec 000 section 7), so a job and a poll
 * would only add latency. A timeout bounds a provider that hangs.
 */
export class TtsService {
  private readonly deps: TtsDeps;
  constructor(deps: TtsDeps) {
    this.deps = deps;
  }

  /** A near-identical script (similarity 0.9 or more) in the same category within the last minute. */
  private async recentSimilar(user: Pick<User, 'id'>, text: string, category: string, now: Date): Promise<boolean> {
    const normalized = normaliseText(text);
    const recent = await this.deps.clips.recentOf(user.id, category, new Date(now.getTime() - TTS.spamWindowMs));
    return recent.some((clip) => similarity(clip.normalizedText, normalized) >= TTS.spamSimilarity);
  }

  /** POST /api/media/tts/precheck: spam_block for a repeat just made, warn_may_cost for a long clip. */
  async precheck(user: Pick<User, 'id'>, body: z.output<typeof ZTtsPrecheckRequest>, now = new Date()): Promise<TTtsPrecheckResponse> {
    const estimated = estimateSpeechSeconds(body.text, body.speaking_rate);
    if (body.text.trim() && (await this.recentSimilar(user, body.text, body.category, now))) {
      return { spam_block: true, warn_may_cost: false, message: TTS_MESSAGES.similarClip, estimated_seconds: estimated };
    }
    const mayCost = ttsMayCost(body.text, body.speaking_rate);
    return { spam_block: false, warn_may_cost: mayCost, message: mayCost ? TTS_MESSAGES.mayCost : null, estimated_seconds: estimated };
  }

  /** POST /api/media/tts: synthesises the script in the chosen voice and stores it as a library clip. */
  async create(user: Pick<User, 'id'>, body: z.output<typeof ZTtsRequest>, now = new Date()): Promise<TMediaItem> {
    assertCategoryOpen(body.category);
    if (await this.recentSimilar(user, body.text, body.category, now))
      throw new AppError('RATE_LIMITED', TTS_MESSAGES.similarClip, { title: TTS_MESSAGES.pleaseWait });
    const mayCost = ttsMayCost(body.text, body.speaking_rate);
    if (mayCost && !body.confirm_charge) throw new AppError('PAYMENT_REQUIRED', TTS_MESSAGES.mayCost, { warn_may_cost: true });

    const voiceId = body.provider && !body.voice_id.includes(':') ? `${body.provider}:${body.voice_id}` : body.voice_id;
    const item = await this.synthesizeClip(
      user,
      {
        text: body.text,
        voiceId,
        category: body.category,
        friendlyName: body.friendly_name || defaultClipName(body.text),
        speakingRate: body.speaking_rate,
        billable: mayCost,
        freeOverride: body.free_override === true,
      },
      now,
    );
    return toMediaDto(item);
  }

  /**
   * Speaks a script in a voice and keeps it as a media item of the category (a library category, or
   * an internal one such as the Intern's answers), with its tts_clips row: the seconds that count.
   */
  async synthesizeClip(user: Pick<User, 'id'>, clip: ClipRequest, now = new Date()): Promise<MediaItem> {
    const catalog = await this.deps.speech.catalogFor(user);
    if (!(await catalog.resolveVoice(clip.voiceId))) throw new AppError('VALIDATION', TTS_MESSAGES.voiceUnavailable);

    const id = randomUUID();
    const work = await mkdtemp(path.join(tmpdir(), 'ppp-tts-'));
    try {
      const destination = path.join(work, 'clip.mp3');
      const audio = await catalog
        .synthesize({
          text: clip.text,
          voiceId: clip.voiceId,
          destination,
          speakingRate: clip.speakingRate,
          signal: AbortSignal.timeout(TTS.synthesisTimeoutMs),
        })
        .catch((error: unknown) => {
          throw speechErrorToAppError(error);
        });
      return await this.keepClip(user.id, id, clip, audio, now);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Stores the spoken file as a media item of the clip's category, with its tts_clips row. */
  private async keepClip(userId: string, id: string, clip: ClipRequest, audio: SpokenClip, now: Date): Promise<MediaItem> {
    const key = mediaKey(userId, id, 'original.mp3');
    const stored = await this.deps.storage.putFile(key, audio.path);
    return this.deps.clips.add(
      userId,
      {
        id,
        category: clip.category,
        friendlyName: clip.friendlyName,
        originalName: `${clip.friendlyName.slice(0, 200)}.mp3`,
        filename: storedFilename(`${clip.friendlyName}.mp3`, id),
        storageKey: key,
        contentType: 'audio/mpeg',
        sizeBytes: stored.size,
        durationSeconds: audio.durationSeconds,
        status: 'ready',
      },
      {
        category: clip.category,
        normalizedText: normaliseText(clip.text),
        characters: clip.text.length,
        voiceId: clip.voiceId,
        provider: audio.provider,
        speakingRate: clip.speakingRate,
        durationSeconds: audio.durationSeconds,
        billableSeconds: clip.billable ? audio.durationSeconds : 0,
        freeOverride: clip.freeOverride,
        createdAt: now,
      },
    );
  }
}

/** A script spoken by the catalog: its file, length and provider. */
type SpokenClip = Awaited<ReturnType<VoiceCatalog['synthesize']>>;

/** What synthesizeClip speaks and how it is kept. */
export interface ClipRequest {
  text: string;
  /** A namespaced voice id ('espeak:en-us', 'elevenlabs:...'). */
  voiceId: string;
  category: string;
  friendlyName: string;
  speakingRate: number;
  /** Whether its seconds count against the plan's minutes. */
  billable: boolean;
  freeOverride: boolean;
}

/** 'AI voice: Welcome to the show…' from the first words of the script. */
export function defaultClipName(text: string): string {
  const words = text.trim().split(/\s+/).slice(0, 6).join(' ');
  const name = words.length > 48 ? `${words.slice(0, 47)}…` : words;
  return `AI voice: ${name}${text.trim().split(/\s+/).length > 6 ? '…' : ''}`;
}
