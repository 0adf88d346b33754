import { createExtractiveEngine, createOpenAiChatEngine, type TextAiEngine } from '@ppp/audio';
import type { TConfig } from '../../config.ts';

type TextAiConfig = Pick<
  TConfig,
  'TEXT_AI_ENGINE' | 'OPENAI_CHAT_MODEL' | 'OPENAI_CHAT_BASE_URL' | 'OPENAI_CHAT_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_API_KEY'
>;

/** openai when asked for or when a chat model is named (and a base URL is known); extractive otherwise. */
export function textAiEngineName(config: TextAiConfig): 'extractive' | 'openai' {
  const baseUrl = config.OPENAI_CHAT_BASE_URL ?? config.OPENAI_BASE_URL;
  const wanted = config.TEXT_AI_ENGINE ?? (config.OPENAI_CHAT_MODEL ? 'openai' : 'extractive');
  return wanted === 'openai' && config.OPENAI_CHAT_MODEL && baseUrl ? 'openai' : 'extractive';
}

/** The text-AI port: the configured engine, and the extractive one it falls back to. */
export function textAiEngines(config: TextAiConfig): { primary: TextAiEngine; fallback: TextAiEngine } {
  const extractive = createExtractiveEngine();
  if (textAiEngineName(config) === 'extractive') return { primary: extractive, fallback: extractive };
  const primary = createOpenAiChatEngine({
    baseUrl: config.OPENAI_CHAT_BASE_URL ?? config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_CHAT_API_KEY ?? config.OPENAI_API_KEY,
    model: config.OPENAI_CHAT_MODEL,
  });
  return { primary, fallback: extractive };
}
