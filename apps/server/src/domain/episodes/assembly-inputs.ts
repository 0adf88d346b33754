import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeAudio, SpeechError, type PlanInput, type ResolvedMusicRule, type ResolvedSegment } from '@ppp/audio';
import {
  ASSEMBLY_MESSAGES,
  TTS,
  ZAudioCleanupSettings,
  withSegmentSources,
  type TEdl,
  type TEdlFile,
  type TInternAnswer,
  type TTranscriptWord,
} from '@ppp/contracts';
import type { MediaItem } from '../media/media-item.entity.ts';
import { mediaKey, type StoragePort } from '../storage/storage.ts';
import type { SpeechService } from '../speech/speech.service.ts';
import type { AudioCleanupService } from '../audio-cleanup/audio-cleanup.service.ts';
import type { Episode } from './episode.entity.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { TEpisodeRecipe } from './assembly-recipe.ts';
import type { ClipRef } from './assembly-sources.ts';
import type { EpisodeMediaRepository } from './episode-media.repository.ts';
import { localizeEdl } from './edl-files.ts';
import { ensureEnhancedCopy } from './enhanced-content.ts';
import { cueWordsOf, recipeSpokenTexts, withPublishedText } from './published-text.ts';

/** A failure no retry can fix: the creator reads the message on the episode. */
export class PermanentAssemblyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentAssemblyError';
  }
}

/** AI-voice renders made for assembly: kept as media, out of the library lists, found again by script and voice. */
export const VOICE_RENDER_CATEGORY = 'voice_render';

export interface AssemblyInputsDeps {
  /** Every query of the inputs (the upload, its words, clips, kept voice renders), scoped to the episode's user. */
  media: EpisodeMediaRepository;
  storage: StoragePort;
  speech: SpeechService;
  audioCleanup: AudioCleanupService;
}

/** The planner's input with every file named by its storage key, and where each key is on this machine. */
export interface ResolvedInputs {
  input: PlanInput;
  localPaths: ReadonlyMap<string, string>;
  /** The planned EDL (storage keys) with this machine's paths, for the renderer. */
  localize(edl: TEdl): TEdl;
  /** The planned EDL with its chapters written from the words it plays, and those words (published-text.ts). */
  publish(edl: TEdl): { edl: TEdl; words: TTranscriptWord[] };
  release(): Promise<void>;
}

/**
 * Turns an episode's recipe into the planner's input: static clips and music from the media library,
 * AI-voice segments and Intern answers synthesised through the speech port (once: the render is kept
 * as media and reused while script and voice stay the same), the upload's original with its words
 * and detections, and the creator's cleanup settings with this episode's overrides.
 */
export class AssemblyInputs {
  private readonly deps: AssemblyInputsDeps;
  private readonly files = new Map<string, TEdlFile>();
  private readonly local = new Map<string, string>();
  private readonly releases: (() => Promise<void>)[] = [];
  private readonly media: EpisodeMediaRepository;
  private voices: string[] | null = null;
  constructor(deps: AssemblyInputsDeps) {
    this.deps = deps;
    this.media = deps.media;
  }

  async resolve(episode: Episode, recipe: TEpisodeRecipe, signal?: AbortSignal): Promise<ResolvedInputs> {
    const userId = typeof episode.user === 'string' ? episode.user : episode.user.id;
    try {
      const upload = await this.media.findMedia(userId, recipe.media_id);
      if (!upload) throw new PermanentAssemblyError(ASSEMBLY_MESSAGES.uploadMissing);
      const transcript = await this.media.transcriptOf(upload.id);
      if (!transcript || !upload.detection) throw new PermanentAssemblyError(ASSEMBLY_MESSAGES.uploadNotReady);
      const ctx = { userId, recipe, signal };
      const segments = await this.segments(ctx);
      const music = await this.music(userId, recipe);
      const settings = ZAudioCleanupSettings.parse({ ...(await this.deps.audioCleanup.get(userId)), ...recipe.cleanup });
      const beep =
        settings.censorEnabled && settings.censorBeepFile ? await this.media.findClip(userId, { filename: settings.censorBeepFile }) : null;
      const input: PlanInput = {
        template: { segments, music, timing: recipe.template.timing },
        content: {
          file: await this.content(upload, settings.enhanceSpeech, signal),
          words: transcript.words,
          detections: upload.detection,
        },
        choices: {
          flubber: recipe.flubber_indices,
          intern: await this.internAnswers(ctx, recipe.intern_answers),
          sfx: await this.sfx(userId, recipe, upload),
          cleanup: settings,
          censorBeepFile: beep ? await this.file(beep) : null,
          manualCuts: [...recipe.flubber_cuts_ms, ...recipe.manual_cuts],
        },
        options: { metadata: metadataOf(episode) },
      };
      const source = {
        words: transcript.words,
        detections: upload.detection,
        spoken: await recipeSpokenTexts(recipe, userId, this.media),
        cues: cueWordsOf(settings),
      };
      return {
        input,
        localPaths: this.local,
        localize: (edl) => localizeEdl(edl, this.local),
        publish: (edl) => withPublishedText(edl, source),
        release: () => this.release(),
      };
    } catch (error) {
      await this.release();
      throw error;
    }
  }

  /** The template's segments in order: the content, a static clip, or an AI-voice render of its script. */
  private async segments(ctx: VoiceContext): Promise<ResolvedSegment[]> {
    const { userId, recipe } = ctx;
    const segments: ResolvedSegment[] = [];
    for (const segment of withSegmentSources(recipe.template.segments, recipe.segment_sources)) {
      if (segment.segment_type === 'content') segments.push({ segment, file: null });
      else if (segment.source.source_type === 'static')
        segments.push({ segment, file: await this.clip(userId, segment.source, ASSEMBLY_MESSAGES.staticMissing) });
      else {
        const text = (recipe.tts_values[segment.id] ?? segment.source.text_prompt).trim();
        const voice = recipe.tts_voices[segment.id] ?? segment.source.voice_id ?? recipe.template.default_voice_id ?? null;
        segments.push({ segment, file: await this.voice(ctx, text, voice, segment.name ?? segment.segment_type) });
      }
    }
    return segments;
  }

  /** The template's background music rules, each with its file. */
  private async music(userId: string, recipe: TEpisodeRecipe): Promise<ResolvedMusicRule[]> {
    const music: ResolvedMusicRule[] = [];
    for (const rule of recipe.template.background_music_rules) {
      music.push({
        rule,
        file: await this.clip(userId, { media_id: rule.media_id, filename: rule.music_filename }, ASSEMBLY_MESSAGES.musicMissing),
      });
    }
    return music;
  }

  private async release(): Promise<void> {
    await Promise.allSettled(this.releases.splice(0).map((release) => release()));
  }

  /** A stored file as the planner names it: its storage key, its demuxer and exact length (probed). */
  private async file(item: Pick<MediaItem, 'storageKey'>): Promise<TEdlFile> {
    const known = this.files.get(item.storageKey);
    if (known) return known;
    const local = await this.deps.storage.localPath(item.storageKey);
    this.releases.push(local.release);
    this.local.set(item.storageKey, local.path);
    const probe = await probeAudio(local.path);
    const file: TEdlFile = {
      path: item.storageKey,
      format: probe.formatName,
      duration_ms: Math.max(1, Math.round(probe.durationSeconds * 1000)),
    };
    this.files.set(item.storageKey, file);
    return file;
  }

  /** The content upload, or its enhanced copy (made now if the upload was transcribed without one) when enhancement is on. */
  private async content(upload: MediaItem, enhance: boolean, signal?: AbortSignal): Promise<TEdlFile> {
    if (!enhance) return this.file(upload);
    const userId = typeof upload.user === 'string' ? upload.user : upload.user.id;
    const key = await ensureEnhancedCopy(this.deps.storage, { userId, mediaId: upload.id, storageKey: upload.storageKey }, signal);
    return this.file({ storageKey: key });
  }

  private async clip(userId: string, ref: ClipRef, missing: (name: string) => string): Promise<TEdlFile> {
    const item = await this.media.findClip(userId, ref);
    if (!item) throw new PermanentAssemblyError(missing(ref.filename || ref.media_id || ''));
    return this.file(item);
  }

  private async internAnswers(ctx: VoiceContext, answers: readonly TInternAnswer[]) {
    const resolved = [];
    for (const answer of answers) {
      const file = answer.media_id
        ? await this.clip(ctx.userId, { media_id: answer.media_id }, ASSEMBLY_MESSAGES.staticMissing)
        : await this.voice(
            ctx,
            answer.text ?? '',
            answer.voice_id ?? ctx.recipe.template.intern_voice_id ?? ctx.recipe.template.default_voice_id ?? null,
            'Intern',
          );
      resolved.push({ intern_index: answer.intern_index, file, ...(answer.at_s === undefined ? {} : { at_s: answer.at_s }) });
    }
    return resolved;
  }

  /** Kept hits whose effect still exists; a deleted effect is left out rather than failing the episode. */
  private async sfx(userId: string, recipe: TEpisodeRecipe, upload: MediaItem) {
    const resolved = [];
    for (const choice of recipe.sfx_choices) {
      const hit = upload.detection?.sfx.matches[choice.hit_index];
      const item = await this.media.findClip(userId, { media_id: choice.media_id ?? hit?.media_id });
      if (hit && item) resolved.push({ hit_index: choice.hit_index, file: await this.file(item), keep_keyword: choice.keep_keyword });
    }
    return resolved;
  }

  /** Speech for a script, synthesised once per (voice, script) and kept as a voice_render media item. */
  private async voice(ctx: VoiceContext, text: string, voiceId: string | null, label: string): Promise<TEdlFile> {
    if (!text) throw new PermanentAssemblyError(ASSEMBLY_MESSAGES.voiceFailed(label, 'the script is empty'));
    const voice = voiceId ?? (await this.firstVoice(ctx.userId));
    const hash = createHash('sha256').update(`${voice}\n${text}`).digest('hex').slice(0, 32);
    const filename = `voice-${hash}.mp3`;
    const cached = await this.media.findGenerated(ctx.userId, VOICE_RENDER_CATEGORY, filename);
    if (cached && (await this.deps.storage.stat(cached.storageKey))) return this.file(cached);
    const work = await mkdtemp(path.join(tmpdir(), 'ppp-assembly-voice-'));
    try {
      const catalog = await this.deps.speech.catalogFor({ id: ctx.userId });
      const signal = AbortSignal.any([AbortSignal.timeout(TTS.synthesisTimeoutMs), ...(ctx.signal ? [ctx.signal] : [])]);
      const audio = await catalog
        .synthesize({ text, voiceId: voice, destination: path.join(work, 'voice.mp3'), signal })
        .catch((error: unknown) => {
          // A provider refusing the request (bad voice, bad key, text too long) will refuse again.
          if (
            error instanceof SpeechError &&
            (error.status === null || (error.status >= 400 && error.status < 500 && error.status !== 429))
          ) {
            throw new PermanentAssemblyError(ASSEMBLY_MESSAGES.voiceFailed(label, error.message));
          }
          throw error;
        });
      const id = randomUUID();
      const key = mediaKey(ctx.userId, id, 'original.mp3');
      const stored = await this.deps.storage.putFile(key, audio.path);
      const item =
        cached ??
        this.media.createMedia({
          id,
          user: ctx.userId,
          category: VOICE_RENDER_CATEGORY,
          friendlyName: `AI voice: ${label}`.slice(0, 200),
          originalName: filename,
          filename,
          storageKey: key,
          contentType: 'audio/mpeg',
          sizeBytes: stored.size,
          status: 'ready',
        });
      Object.assign(item, { storageKey: key, sizeBytes: stored.size, durationSeconds: audio.durationSeconds });
      await this.media.flush();
      return this.file(item);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async firstVoice(userId: string): Promise<string> {
    this.voices ??= (await (await this.deps.speech.catalogFor({ id: userId })).listVoices({ size: 1 })).items.map(
      (voice) => voice.voice_id,
    );
    const voice = this.voices[0];
    if (!voice) throw new PermanentAssemblyError(ASSEMBLY_MESSAGES.voiceFailed('AI voice', 'no text-to-speech engine is configured'));
    return voice;
  }
}

/** The tags written into the episode's file. */
function metadataOf(episode: Episode): NonNullable<PlanInput['options']>['metadata'] {
  const podcast = episode.podcast as Podcast;
  return {
    title: episode.title,
    artist: podcast.name ?? '',
    album: podcast.name ?? '',
    comment: (episode.description ?? '').slice(0, 1000),
    date: String(episode.createdAt.getUTCFullYear()),
    track: episode.episodeNumber == null ? '' : String(episode.episodeNumber),
  };
}

interface VoiceContext {
  userId: string;
  recipe: TEpisodeRecipe;
  signal: AbortSignal | undefined;
}
