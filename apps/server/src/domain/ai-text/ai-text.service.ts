import type { z } from 'zod';
import { spokenContent, TextAiError, type TextAiEngine } from '@ppp/audio';
import {
  AI_TEXT,
  AI_TEXT_MESSAGES,
  AI_TEXT_RATE,
  EPISODE_CREATOR_MESSAGES,
  acceptAiText,
  acceptAiTitle,
  mergeTags,
  type TAiMetadataResponse,
  type TAiReviewChoices,
  type TTemplateAiSettings,
  type TTranscript,
  type ZAiMetadataRequest,
  type ZAiTagsRequest,
  type ZAiTextRequest,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import type { RateLimitService } from '../auth/rate-limit.service.ts';
import type { TranscriptsService } from '../transcripts/transcripts.service.ts';
import type { EpisodesRepository } from '../episodes/episodes.repository.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { AudioCleanupService } from '../audio-cleanup/audio-cleanup.service.ts';
import type { Episode } from '../episodes/episode.entity.ts';
import type { PublishedWordsService } from '../episodes/published-words.service.ts';
import { reviewedWords } from './reviewed-words.ts';
import { withoutMagicWords, type MagicWords } from './magic-words.ts';

export interface AiTextDeps {
  engines: { primary: TextAiEngine; fallback: TextAiEngine };
  limits: RateLimitService;
  transcripts: Pick<TranscriptsService, 'findByHint' | 'getTranscript'>;
  episodes: Pick<EpisodesRepository, 'findOwned'>;
  templates: Pick<TemplatesService, 'get'>;
  audioCleanup: Pick<AudioCleanupService, 'get'>;
  /** The words an assembled episode plays (only reviewed words). */
  publishedWords: Pick<PublishedWordsService, 'of'>;
}

type Source = {
  hint?: string | null;
  transcript_path?: string | null;
  episode_id?: string | null;
  review?: TAiReviewChoices | null;
};
interface Prepared {
  transcript: TTranscript;
  settings: TTemplateAiSettings | null;
  /** The creator's trigger keywords, Intern stop phrases, fillers and censor words: never a generated tag. */
  magic: MagicWords;
}
/** The upload a text is written from, and its assembled episode (null before assembly). */
type Spoken = { item: MediaItem; episode: Episode | null };

const TRANSCRIPT_PATH = /\/api\/media\/([0-9a-f-]{36})\/transcript/i;
/** What the metadata endpoint's short prompts ask of the notes. */
const PROMPT_RULES: Record<string, string> = { expand: 'Write at most 6 sentences.', shorten: 'Write at most 2 sentences.' };

/**
 * AI titles, notes and tags from an upload's transcript (spec 000 sections 5, 7 and 8) through the
 * text-AI port: the extractive engine by default, an OpenAI-compatible model when configured (its
 * output falls back to the extractive one when the hex rule discards it or the model fails).
 */
export class AiTextService {
  private readonly deps: AiTextDeps;
  constructor(deps: AiTextDeps) {
    this.deps = deps;
  }

  async title(user: Pick<User, 'id'>, body: z.output<typeof ZAiTextRequest>): Promise<{ title: string | null }> {
    const { transcript, settings } = await this.prepare(user, body, body.template_id);
    const instructions = joinInstructions(settings?.title_instructions, body.base_prompt, body.extra_instructions);
    const context = { transcript, instructions, currentTitle: body.current_title, currentDescription: body.current_description };
    return { title: await this.generate((engine) => engine.generateTitle(context), acceptAiTitle) };
  }

  async notes(user: Pick<User, 'id'>, body: z.output<typeof ZAiTextRequest>): Promise<{ description: string | null }> {
    const { transcript, settings } = await this.prepare(user, body, body.template_id);
    const instructions = joinInstructions(settings?.notes_instructions, body.base_prompt, body.extra_instructions);
    const context = { transcript, instructions, currentTitle: body.current_title, currentDescription: body.current_description };
    return { description: await this.generate((engine) => engine.generateNotes(context), acceptAiText) };
  }

  async tags(user: Pick<User, 'id'>, body: z.output<typeof ZAiTagsRequest>): Promise<{ tags: string[] }> {
    const prepared = await this.prepare(user, body, body.template_id);
    const { settings } = prepared;
    const alwaysInclude = body.tags_always_include ?? settings?.tags_always_include ?? [];
    const maxTags = body.max_tags ?? AI_TEXT.maxTags;
    return { tags: await this.makeTags(prepared, joinInstructions(settings?.tags_instructions, body.base_prompt), alwaysInclude, maxTags) };
  }

  /** POST /api/episodes/ai/metadata: title, description and tags at once; prompt 'expand', 'shorten', 'tags' or free text. */
  async metadata(user: Pick<User, 'id'>, body: z.output<typeof ZAiMetadataRequest>): Promise<TAiMetadataResponse> {
    const hint = body.audio_filename ?? body.filename ?? body.hint;
    const prepared = await this.prepare(user, { hint }, body.template_id);
    const { transcript, settings } = prepared;
    const prompt = body.prompt?.trim() ?? '';
    const keyword = prompt.toLowerCase();
    const maxTags = body.max_tags ?? AI_TEXT.maxTags;
    const tags = await this.makeTags(prepared, settings?.tags_instructions ?? null, settings?.tags_always_include ?? [], maxTags);
    if (keyword === 'tags') return { title: acceptAiTitle(body.current_title), description: acceptAiText(body.current_description), tags };
    const extra = PROMPT_RULES[keyword] ?? (prompt || null);
    const base = { transcript, currentTitle: body.current_title, currentDescription: body.current_description };
    const title = await this.generate(
      (engine) =>
        engine.generateTitle({
          ...base,
          instructions: joinInstructions(settings?.title_instructions, extra && !PROMPT_RULES[keyword] ? extra : null),
        }),
      acceptAiTitle,
    );
    const description = await this.generate(
      (engine) => engine.generateNotes({ ...base, instructions: joinInstructions(settings?.notes_instructions, extra) }),
      acceptAiText,
    );
    return { title, description, tags };
  }

  /** Whether a chat model answers questions here (the extractive default only quotes the episode). */
  answersQuestions(): boolean {
    return this.deps.engines.primary !== this.deps.engines.fallback;
  }

  /**
   * An Intern answer to a spoken command from the configured chat model, with the transcript as
   * context. Never sentences quoted from the episode: without a chat model it is 501 saying so, and
   * a model that fails or says nothing is 502 (a 429 is passed on in the spec's words).
   */
  async answerCommand(transcript: TTranscript, command: string, atSeconds: number): Promise<{ text: string; quoted: boolean }> {
    if (!this.answersQuestions()) throw new AppError('NOT_CONFIGURED', EPISODE_CREATOR_MESSAGES.internNoModel);
    let text: string;
    try {
      const answer = await this.deps.engines.primary.answerCommand(command, { transcript, atSeconds });
      text = answer.found ? answer.text.trim() : '';
    } catch (error) {
      if (error instanceof TextAiError && error.status === 429) throw new AppError('RATE_LIMITED', AI_TEXT_MESSAGES.tooManyRequests);
      throw new AppError('UPSTREAM', EPISODE_CREATOR_MESSAGES.internModelFailed);
    }
    if (!text) throw new AppError('UPSTREAM', EPISODE_CREATOR_MESSAGES.internModelFailed);
    return { text, quoted: false };
  }

  private async makeTags(
    { transcript, settings, magic }: Prepared,
    instructions: string | null,
    alwaysInclude: string | readonly string[],
    maxTags: number,
  ): Promise<string[]> {
    if (settings && !settings.auto_generate_tags) return mergeTags([], { alwaysInclude, maxTags });
    const generated = await this.generate(
      (engine) => engine.generateTags({ transcript, instructions, alwaysInclude, maxTags }),
      (tags) => (tags && tags.length ? tags : null),
    );
    // Whatever the engine did, the rules hold: always-include first, 20 at most, 30 characters each, no hex
    // runs, and no spoken command word ('flubber', 'intern', the stop phrases) among the generated ones.
    return mergeTags(withoutMagicWords(generated ?? [], magic), { alwaysInclude, maxTags });
  }

  /** The configured engine, then the extractive one when its answer is discarded or it fails (a 429 is passed on). */
  private async generate<T, R>(run: (engine: TextAiEngine) => Promise<T>, accept: (value: T) => R | null): Promise<R | null> {
    const { primary, fallback } = this.deps.engines;
    try {
      const result = accept(await run(primary));
      if (result !== null || primary === fallback) return result;
    } catch (error) {
      if (error instanceof TextAiError && error.status === 429) throw new AppError('RATE_LIMITED', AI_TEXT_MESSAGES.tooManyRequests);
      if (primary === fallback) throw error;
    }
    return accept(await run(fallback));
  }

  /**
   * Fair use (429 in the spec's words), the transcript as the episode says it (409 until it is
   * ready), the template's AI settings and the creator's spoken command words.
   */
  private async prepare(user: Pick<User, 'id'>, source: Source, templateId: string | null | undefined): Promise<Prepared> {
    const count = await this.deps.limits.hit(`ai-text:${user.id}`, AI_TEXT_RATE.windowMs);
    if (count > AI_TEXT_RATE.maxRequestsPerWindow) throw new AppError('RATE_LIMITED', AI_TEXT_MESSAGES.tooManyRequests);
    const settings = templateId ? (await this.deps.templates.get(user, templateId)).ai_settings : null;
    const { commands, fillerWords, censorWords } = await this.deps.audioCleanup.get(user.id);
    const triggers = [commands.flubber.trigger_keyword, commands.intern.trigger_keyword];
    const magic = { triggers, phrases: [...commands.intern.end_markers, ...fillerWords, ...censorWords] };
    return { transcript: await this.transcriptOf(user, source, triggers), settings, magic };
  }

  /**
   * What the episode says, so that no title, note or tag repeats 'flubber', an Intern command or a
   * flubbed take: an assembled episode's published words (issue 32: the words its final EDL plays,
   * with the Intern answers), else the words the episode will play under the creator's review
   * choices so far (the retakes cut, the answers accepted, fillers and pauses removed), on the
   * timeline it will have, so chapter times match its audio.
   */
  private async transcriptOf(user: Pick<User, 'id'>, source: Source, triggerWords: readonly string[]): Promise<TTranscript> {
    const { item, episode } = await this.mediaOf(user, source);
    if (!item.transcriptReady) throw new AppError('CONFLICT', AI_TEXT_MESSAGES.transcriptNotReady, { status: item.status });
    const row = await this.deps.transcripts.getTranscript(user, item.id);
    const transcript = { words: row.words, language: row.language ?? null, duration_s: row.durationSeconds ?? null };
    if (episode?.edl) {
      const words = (await this.deps.publishedWords.of(episode)) ?? [];
      return { ...transcript, words, duration_s: episode.edl.duration_ms / 1000 };
    }
    const durationS = transcript.duration_s ?? item.durationSeconds ?? null;
    if (!item.detection || !durationS) return spokenContent(transcript, item.detection ?? null, { triggerWords });
    const cleanup = await this.deps.audioCleanup.get(user.id);
    const upload = { words: transcript.words, detection: item.detection, durationMs: Math.round(durationS * 1000) };
    const reviewed = reviewedWords(upload, cleanup, source.review);
    return { ...transcript, words: reviewed.words, duration_s: reviewed.durationMs / 1000 };
  }

  private async mediaOf(user: Pick<User, 'id'>, source: Source): Promise<Spoken> {
    const fromPath = source.transcript_path ? TRANSCRIPT_PATH.exec(source.transcript_path)?.[1] : undefined;
    const hint = source.hint?.trim() || fromPath;
    if (hint) return { item: await this.deps.transcripts.findByHint(user, hint), episode: null };
    if (source.episode_id) {
      const episode = await this.deps.episodes.findOwned(user, source.episode_id);
      if (episode?.sourceMedia) return { item: episode.sourceMedia as MediaItem, episode };
    }
    throw new AppError('NOT_FOUND', 'No transcript found for that upload or episode.');
  }
}

function joinInstructions(...parts: (string | null | undefined)[]): string | null {
  const text = parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join('\n');
  return text || null;
}
