import { AI_TEXT_MESSAGES, aiRequestFailedMessage } from '@ppp/contracts';

/** An AI Suggest failure in the spec's words (spec 000 §8): 409, 429, else 'Request failed (status)...'. */
export function aiSuggestErrorMessage(status: number | null): string {
  if (status === 409) return AI_TEXT_MESSAGES.transcriptNotReady;
  if (status === 429) return AI_TEXT_MESSAGES.tooManyRequests;
  return aiRequestFailedMessage(status ?? 0);
}
