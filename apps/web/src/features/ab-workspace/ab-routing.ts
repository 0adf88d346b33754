import type { TAbDraft } from '@ppp/contracts';
import { NEW_EPISODE_PATH } from '../workspace/workspace-nav.ts';
import { AB_PATH } from './ab-storage.ts';

/** The /ab workspace's views (spec 002 §2.3): creator-upload (New Episode), creator-finalize, creator-step3. */
export type AbView = 'creator-upload' | 'creator-finalize' | 'creator-step3';

/** The query parameter naming an upload that /ab opens as a draft (a finished recording). */
export const AB_UPLOAD_PARAM = 'upload';

/** Spec 002 §2.3: a draft (or a finished recording) goes to finalize when its transcript is ready, otherwise to upload. */
export function abViewFor(draft: Pick<TAbDraft, 'transcript'>): AbView {
  return draft.transcript === 'ready' ? 'creator-finalize' : 'creator-upload';
}

/**
 * Where the recorder sends a finished recording. In the /ab layout: /ab with the upload, which opens
 * it as a draft (finalize once its transcript is ready, else the upload page). In the regular layout:
 * the Episode Creator with the upload when it is transcribed, else the uploads page.
 */
export function recordingDestination(mediaId: string, transcriptReady: boolean, abLayout: boolean): string {
  const upload = encodeURIComponent(mediaId);
  if (abLayout) return `${AB_PATH}?${AB_UPLOAD_PARAM}=${upload}`;
  return transcriptReady ? `${NEW_EPISODE_PATH}?upload=${upload}` : '/dashboard/upload';
}
