import type { TTranscript } from '@ppp/contracts';

export interface TextAiContext {
  /** The episode's transcript (words with times), or plain text when only that is at hand. */
  transcript: TTranscript | string;
  /** The template's instructions for this output (title_instructions, notes_instructions, tags_instructions). */
  instructions?: string | null;
  currentTitle?: string | null;
  currentDescription?: string | null;
  signal?: AbortSignal;
}

export interface TagsContext extends TextAiContext {
  /** The template's always-include tags; merged first by the tag rules. */
  alwaysInclude?: string | readonly string[];
  /** At most this many tags (never more than 20). */
  maxTags?: number;
}

export interface CommandContext extends TextAiContext {
  /** Seconds into the upload where the command was spoken; sentences near it count a little more. */
  atSeconds?: number;
}

export interface CommandAnswer {
  text: string;
  /** 'extractive' answers are sentences quoted from the episode, not generated; the UI can say so. */
  method: 'extractive' | 'model';
  /** False when nothing relevant was found; text then says so. */
  found: boolean;
}

/** Titles, notes, tags and Intern answers from a transcript (the text-AI port). */
export interface TextAiEngine {
  readonly id: 'extractive' | 'openai';
  readonly label: string;
  available(): Promise<boolean>;
  /** Under 100 characters, or null when nothing usable came out (the hex rule discards it, say). */
  generateTitle(context: TextAiContext): Promise<string | null>;
  generateNotes(context: TextAiContext): Promise<string | null>;
  /** Already merged with the always-include tags, de-duplicated, capped at 20 of at most 30 characters. */
  generateTags(context: TagsContext): Promise<string[]>;
  answerCommand(command: string, context: CommandContext): Promise<CommandAnswer>;
  /**
   * A model engine's raw chat completion (the website builder asks it for JSON it validates itself);
   * absent on engines without a model.
   */
  complete?(messages: ChatMessage[], options: { json: boolean; signal?: AbortSignal }): Promise<string>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A model call failed; status carries the provider's HTTP status (429 maps to the spec's slow-down message). */
export class TextAiError extends Error {
  readonly engine: string;
  readonly status: number | null;
  constructor(engine: string, message: string, options?: { status?: number; cause?: unknown }) {
    super(`${engine}: ${message}`, { cause: options?.cause });
    this.name = 'TextAiError';
    this.engine = engine;
    this.status = options?.status ?? null;
  }
}

export const NOTHING_FOUND_ANSWER = "I couldn't find anything about that in this episode.";
