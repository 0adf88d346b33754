import { AI_EDIT_PANEL_MESSAGES, AI_TEXT_MESSAGES, aiKindRequestFailedMessage, aiRequestFailedMessage } from '@ppp/contracts';
import type { TApiFailure } from '../../../lib/api-error.ts';

/** Whose words an AI Suggest failure is told in: the Episode Creator's (spec 000 §8) or Episode History's edit panel (spec 001 §8). */
export type AiErrorWording = 'episode-creator' | 'edit-panel';

/** What was asked for: 'AI {kind} request failed.' names it. */
export type AiSuggestKind = 'title' | 'description' | 'tags';

/** An AI Suggest failure in the words of the screen it happened on: transcript not ready (409), too many requests (429), else the fallback. */
export function aiSuggestErrorMessage(
  failure: Pick<TApiFailure, 'status' | 'code'>,
  kind: AiSuggestKind,
  wording: AiErrorWording = 'episode-creator',
): string {
  const notReady = failure.status === 409 || failure.code === 'TRANSCRIPT_NOT_READY';
  const tooMany = failure.status === 429 || failure.code === 'RATE_LIMITED';
  if (wording === 'edit-panel') {
    if (notReady) return AI_EDIT_PANEL_MESSAGES.transcriptNotReady;
    if (tooMany) return AI_EDIT_PANEL_MESSAGES.tooManyRequests;
    return aiKindRequestFailedMessage(kind);
  }
  if (notReady) return AI_TEXT_MESSAGES.transcriptNotReady;
  if (tooMany) return AI_TEXT_MESSAGES.tooManyRequests;
  return aiRequestFailedMessage(failure.status ?? 0);
}
