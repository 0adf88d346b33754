import { acceptAiText, acceptAiTitle, AI_TEXT, mergeTags } from '@ppp/contracts';
import { z } from 'zod';
import { NOTHING_FOUND_ANSWER, TextAiError, type ChatMessage, type TextAiContext, type TextAiEngine } from './engine.ts';
import { transcriptText } from './sentences.ts';

export interface OpenAiChatOptions {
  /** Up to and including the version: https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), a vLLM server's /v1. */
  baseUrl?: string | null;
  apiKey?: string | null;
  model?: string;
  /** The transcript is cut to this many characters to stay inside small local models' context. */
  maxTranscriptChars?: number;
  /** Ollama and vLLM accept response_format json_object; a server that does not can turn it off. */
  jsonMode?: boolean;
  fetch?: typeof fetch;
}

const ID = 'openai';
const ZCompletion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) });

const SYSTEM =
  'You write metadata for podcast episodes from their transcripts. Use only facts from the transcript. Never include ids, hashes, URLs or placeholder text.';

function userPrompt(task: string, context: TextAiContext, limit: number): string {
  const transcript = transcriptText(context.transcript).slice(0, limit);
  return [
    task,
    context.instructions ? `The show's instructions (follow them): ${context.instructions}` : null,
    context.currentTitle ? `Current title: ${context.currentTitle}` : null,
    context.currentDescription ? `Current description: ${context.currentDescription}` : null,
    `Transcript:\n"""\n${transcript}\n"""`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Reads a field from a JSON answer; a model that ignored JSON mode still gives its text. */
function field(content: string, name: string): unknown {
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  if (json) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (parsed && typeof parsed === 'object' && name in parsed) return (parsed as Record<string, unknown>)[name];
    } catch {
      // fall through to the raw text
    }
  }
  return content;
}

/** One POST /chat/completions: the first choice's text, or the server's refusal as a TextAiError. */
async function chatCompletion(
  options: OpenAiChatOptions,
  doFetch: typeof fetch,
  { messages, json, signal }: { messages: ChatMessage[]; json: boolean; signal: AbortSignal | undefined },
): Promise<string> {
  if (!options.baseUrl || !options.model) throw new TextAiError(ID, 'no base URL or model configured');
  const body: Record<string, unknown> = { model: options.model, messages, temperature: 0.4 };
  if (json && options.jsonMode !== false) body.response_format = { type: 'json_object' };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const response = await doFetch(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const text = await response.text();
    const message = /"message"\s*:\s*"([^"]*)"/.exec(text)?.[1] ?? (text.slice(0, 300) || response.statusText);
    throw new TextAiError(ID, `HTTP ${response.status}: ${message}`, { status: response.status });
  }
  const parsed = ZCompletion.safeParse(await response.json());
  if (!parsed.success) throw new TextAiError(ID, `unexpected response: ${parsed.error.message}`);
  return parsed.data.choices[0]?.message.content ?? '';
}

/** Title, show notes, tags and the Intern's answer, each asked of the model with its own task. */
function metadataAnswers(
  ask: (task: string, context: TextAiContext, json?: boolean) => Promise<string>,
): Pick<TextAiEngine, 'generateTitle' | 'generateNotes' | 'generateTags' | 'answerCommand'> {
  return {
    async generateTitle(context) {
      const content = await ask(
        `Write one episode title under ${AI_TEXT.titleLengthLimit} characters. Answer as JSON: {"title": "..."}.`,
        context,
      );
      const title = field(content, 'title');
      return typeof title === 'string' ? acceptAiTitle(title) : null;
    },
    async generateNotes(context) {
      const content = await ask(
        'Write the episode description (show notes): a short paragraph or two in plain text. Answer as JSON: {"description": "..."}.',
        context,
      );
      const description = field(content, 'description');
      return typeof description === 'string' ? acceptAiText(description) : null;
    },
    async generateTags(context) {
      const count = Math.min(context.maxTags ?? AI_TEXT.maxTags, AI_TEXT.maxTags);
      const content = await ask(
        `Suggest up to ${count} short tags (each at most ${AI_TEXT.maxTagLength} characters). Answer as JSON: {"tags": ["..."]}.`,
        context,
      );
      const tags = field(content, 'tags');
      const list = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : typeof tags === 'string' ? tags : [];
      return mergeTags(list, { alwaysInclude: context.alwaysInclude, maxTags: count });
    },
    async answerCommand(command, context) {
      const content = await ask(
        `The host asked their assistant, mid-episode: "${command}". Answer in one to three spoken sentences, plain text, no preamble. If the transcript and general knowledge cannot answer it, say so briefly.`,
        context,
        false,
      );
      const text = acceptAiText(content);
      return text ? { text, found: true, method: 'model' } : { text: NOTHING_FOUND_ANSWER, found: false, method: 'model' };
    },
  };
}

/** Any OpenAI-compatible /v1/chat/completions endpoint (OpenAI, Ollama, vLLM). */
export function createOpenAiChatEngine(options: OpenAiChatOptions): TextAiEngine {
  const doFetch = options.fetch ?? fetch;
  const limit = options.maxTranscriptChars ?? 24_000;

  const chat = (messages: ChatMessage[], json: boolean, signal?: AbortSignal) =>
    chatCompletion(options, doFetch, { messages, json, signal });

  const ask = (task: string, context: TextAiContext, json = true) =>
    chat(
      [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: userPrompt(task, context, limit) },
      ],
      json,
      context.signal,
    );

  return {
    id: ID,
    label: 'OpenAI-compatible chat',
    async available() {
      return Boolean(options.baseUrl && options.model);
    },
    complete: (messages, { json, signal }) => chat(messages, json, signal),
    ...metadataAnswers(ask),
  };
}
