import { ZTranscript, type TTranscript } from '@ppp/contracts';
import { fromVerboseJson, ZVerboseJson } from '../openai/verbose-json.ts';
import { SuppliedTranscriptError } from './subtitles.ts';

/** A word JSON transcript: our own schema ({ words: [{ text, start, end }] }) or OpenAI's verbose_json. */
export function parseWordJson(text: string): TTranscript {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SuppliedTranscriptError(`Not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const ours = ZTranscript.safeParse(data);
  if (ours.success) return ours.data;
  const openai = ZVerboseJson.safeParse(data);
  if (openai.success && (openai.data.words !== undefined || openai.data.segments !== undefined)) return fromVerboseJson(openai.data);
  throw new SuppliedTranscriptError('JSON is neither a word transcript ({ words: [{ text, start, end }] }) nor OpenAI verbose_json');
}
