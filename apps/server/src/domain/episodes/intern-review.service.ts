import type { z } from 'zod';
import {
  EPISODE_CREATOR,
  EPISODE_CREATOR_MESSAGES,
  type TInternCommandMatch,
  type TInternContext,
  type TInternExecuteRequest,
  type TInternExecuteResponse,
  type TInternPrepareByFileResponse,
  type TTranscriptWord,
  type ZInternExecuteRequest,
  type ZInternPrepareByFileRequest,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { FeatureGate, PlanUser } from '../billing/feature-gate.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { MediaService } from '../media/media.service.ts';
import type { TranscriptsService } from '../transcripts/transcripts.service.ts';
import type { Transcript } from '../transcripts/transcript.entity.ts';
import type { AiTextService } from '../ai-text/ai-text.service.ts';
import type { SpeechService } from '../speech/speech.service.ts';
import type { TtsService } from '../speech/tts.service.ts';
import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import { VOICE_RENDER_CATEGORY } from './assembly-inputs.ts';
import type { InternAnswer } from './intern-answer.entity.ts';
import type { InternAnswersRepository } from './intern-answers.repository.ts';
import { msPart, type UploadSnippets } from './upload-snippets.ts';

export interface InternReviewDeps {
  answers: InternAnswersRepository;
  transcripts: Pick<TranscriptsService, 'readyTranscript'>;
  snippets: UploadSnippets;
  aiText: Pick<AiTextService, 'answerCommand'>;
  speech: Pick<SpeechService, 'catalogFor'>;
  tts: Pick<TtsService, 'synthesizeClip'>;
  media: Pick<MediaService, 'signedUrl'>;
  /** The database, for the per-command lock that keeps two execute calls at once to one answer. */
  connectionString: string;
  /** Intern is Creator's; asking the AI again (regenerate) is Pro's Advanced Intern. */
  features: FeatureGate;
}

/** Advisory-lock namespace of Intern answers (see withAdvisoryLock); the key is the command id. */
const ANSWER_LOCK_NAMESPACE = 727007;
/** Longer than a text-AI answer plus its voicing: past it the call goes on unlocked (the unique row still holds). */
const ANSWER_LOCK_TIMEOUT_MS = 90_000;

type Owner = PlanUser;
const EPSILON = 1e-6;
const round3 = (s: number) => Math.round(s * 1000) / 1000;

/** Stable per upload and command: what execute is called with and assemble's intern_index comes from. */
export function internCommandId(uploadId: string, internIndex: number): string {
  return `${uploadId}:intern:${internIndex}`;
}

/** The words spoken after the trigger and before endS, leaving out the end marker ('stop'). */
export function promptBetween(words: readonly TTranscriptWord[], command: TInternCommandMatch, endS: number): string {
  const stopAt = command.end_marker && command.end_marker.start_s < endS ? command.end_marker.start_s : endS;
  return words
    .filter((word) => word.start >= command.trigger_end_s - EPSILON && word.start < stopAt - EPSILON)
    .map((word) => word.text)
    .join(' ')
    .replace(/^[\s\p{P}]+|[\s,;:\-–—]+$/gu, '');
}

/**
 * The wizard's Review Intern Commands (spec 000 §2 and §4): each spoken command of an upload with a
 * real snippet, and its answer: the text AI's (or the creator's own words) voiced by the speech port
 * into an internal clip that assemble takes by media id. The latest answer of each command is kept
 * with how often it was asked again; asking without a change returns it without a second synthesis.
 */
export class InternReviewService {
  private readonly deps: InternReviewDeps;
  constructor(deps: InternReviewDeps) {
    this.deps = deps;
  }

  /** POST /api/intern/prepare-by-file */
  async prepare(user: Owner, body: z.output<typeof ZInternPrepareByFileRequest>): Promise<TInternPrepareByFileResponse> {
    const { item, detection, transcript } = await this.deps.transcripts.readyTranscript(user, body.filename);
    await this.deps.features.requireFeature(user, 'intern');
    const duration = transcript.durationSeconds ?? item.durationSeconds ?? Number.POSITIVE_INFINITY;
    const commands = detection.intern.matches.map((command) => {
      const end = round3(
        Math.min(
          duration,
          command.start_s + EPISODE_CREATOR.internMaxDurationS,
          Math.max(command.end_s, command.start_s + EPISODE_CREATOR.internDefaultEndS),
        ),
      );
      return { command, end, name: `intern-${command.intern_index}-${msPart(command.start_s)}-${msPart(end)}.mp3` };
    });
    const ready = await this.deps.snippets.ensure(
      item,
      commands.map(({ command, end, name }) => ({ name, start: command.start_s, end })),
    );
    const contexts: TInternContext[] = [];
    for (const { command, end, name } of commands) {
      const id = internCommandId(item.id, command.intern_index);
      contexts.push({
        command_id: id,
        intern_index: command.intern_index,
        id,
        start_s: command.start_s,
        snippet_start_s: command.start_s,
        snippet_end_s: end,
        max_duration_s: EPISODE_CREATOR.internMaxDurationS,
        default_end_s: round3(
          command.end_marker ? command.end_marker.end_s : Math.min(duration, command.start_s + EPISODE_CREATOR.internDefaultEndS),
        ),
        prompt_text: command.prompt_text,
        audio_url: ready.has(name) ? await this.deps.snippets.url(item, name) : null,
        label: `Command ${command.intern_index + 1} at ${clock(command.start_s)}`,
        ...(command.confidence === undefined ? {} : { confidence: command.confidence }),
      });
    }
    return { contexts };
  }

  /** POST /api/intern/execute */
  async execute(user: Owner, parsed: z.output<typeof ZInternExecuteRequest>): Promise<TInternExecuteResponse> {
    const { item, detection, transcript } = await this.deps.transcripts.readyTranscript(user, parsed.filename);
    await this.deps.features.requireFeature(user, 'intern');
    if (parsed.regenerate) await this.deps.features.requireFeature(user, 'advancedIntern');
    const command = detection.intern.matches.find((match) => internCommandId(item.id, match.intern_index) === parsed.command_id);
    if (!command) throw new AppError('NOT_FOUND', EPISODE_CREATOR_MESSAGES.internCommandNotFound);
    // The end mark's window is measured from where the command was spoken, whatever start_s was sent.
    const body = { ...parsed, start_s: command.start_s };
    if (body.end_s - body.start_s < EPISODE_CREATOR.internMinClipS - EPSILON)
      throw new AppError('BAD_REQUEST', EPISODE_CREATOR_MESSAGES.internEndTooSoon);
    if (body.end_s - body.start_s > EPISODE_CREATOR.internMaxDurationS + EPSILON)
      throw new AppError('BAD_REQUEST', EPISODE_CREATOR_MESSAGES.internEndTooLate);
    // One call per command at a time: a second one at the same moment waits, then finds the first's answer.
    const run = () => this.answerCommand(user, body, { item, command, transcript });
    const got = await withAdvisoryLock(this.deps.connectionString, ANSWER_LOCK_NAMESPACE, body.command_id, run, ANSWER_LOCK_TIMEOUT_MS);
    return got.locked ? got.value : run();
  }

  private async answerCommand(
    user: Owner,
    body: TInternExecuteRequest,
    found: { item: MediaItem; command: TInternCommandMatch; transcript: Transcript },
  ): Promise<TInternExecuteResponse> {
    const { item, command, transcript } = found;
    const override = body.override_text?.trim() || null;
    const stored = await this.deps.answers.latest(item.id, body.command_id);
    const unchanged =
      stored && !body.regenerate && Math.abs(stored.endS - body.end_s) < 0.0005 && (stored.overrideText ?? null) === override;
    const voiceId = body.voice_id ?? stored?.voiceId ?? (await this.defaultVoice(user));
    if (unchanged && stored.answerMedia && stored.voiceId === voiceId) return this.toResponse(stored);
    if (body.regenerate && stored && stored.regenerateCount >= EPISODE_CREATOR.internMaxRegenerations) {
      throw new AppError('RATE_LIMITED', EPISODE_CREATOR_MESSAGES.internRegenerateLimit, { regenerate_count: stored.regenerateCount });
    }
    const prompt = promptBetween(transcript.words, command, body.end_s);
    // Only the voice changed: the same words spoken again.
    const answer = unchanged
      ? { text: stored.responseText, quoted: stored.quoted }
      : await this.answer(transcript, prompt, command, override);
    const clip = await this.deps.tts.synthesizeClip(user, {
      text: answer.text,
      voiceId,
      category: VOICE_RENDER_CATEGORY,
      friendlyName: `Intern answer ${command.intern_index + 1}`,
      speakingRate: 1,
      billable: false,
      freeOverride: false,
    });
    const fields = {
      internIndex: command.intern_index,
      startS: body.start_s,
      endS: body.end_s,
      promptText: prompt,
      responseText: answer.text,
      overrideText: override,
      quoted: answer.quoted,
      voiceId,
      answerMedia: clip,
      regenerateCount: (stored?.regenerateCount ?? 0) + (stored && body.regenerate ? 1 : 0),
    };
    // Another call may have stored this command's answer first (only when the lock timed out): then that one is the answer.
    const row = await this.deps.answers.save(stored, { userId: user.id, uploadId: item.id, commandId: body.command_id }, fields);
    return this.toResponse(row);
  }

  private async answer(
    transcript: Transcript,
    prompt: string,
    command: TInternCommandMatch,
    override: string | null,
  ): Promise<{ text: string; quoted: boolean }> {
    if (override) return { text: override, quoted: false };
    const words = { words: transcript.words, language: transcript.language ?? null, duration_s: transcript.durationSeconds ?? null };
    return this.deps.aiText.answerCommand(words, prompt, command.start_s);
  }

  /** voice_id null: the default engine's default voice (its first). */
  private async defaultVoice(user: Owner): Promise<string> {
    const page = await (await this.deps.speech.catalogFor(user)).listVoices({ size: 1 });
    const voice = page.items[0]?.voice_id;
    if (!voice) throw new AppError('BAD_REQUEST', EPISODE_CREATOR_MESSAGES.internNoVoice);
    return voice;
  }

  private async toResponse(row: InternAnswer): Promise<TInternExecuteResponse> {
    const clip = row.answerMedia as MediaItem | null | undefined;
    return {
      command_id: row.commandId,
      start_s: row.startS,
      end_s: row.endS,
      response_text: row.responseText,
      prompt_text: row.promptText,
      audio_url: clip ? (await this.deps.media.signedUrl(clip)).url : null,
      media_id: clip?.id ?? null,
      regenerate_count: row.regenerateCount,
      quoted: row.quoted,
    };
  }
}

/** 83.4 -> '1:23'. */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
