import { AB_WORKSPACE, abStateKey, type TAbDraft } from '@ppp/contracts';
import { LAYOUT_STORAGE_KEY } from '../landing/layout-experiment.ts';

export const AB_PATH = '/ab';

/*
 * What the /ab workspace keeps in the browser (spec 002 §3): the local drafts under ab_drafts and
 * this session's upload records and chosen draft under ab_state_{first 6 token characters}. The
 * server's drafts are the source of truth (another browser sees them); these are the local copies.
 */

export type TAbUploadStatus = 'uploading' | 'queued' | 'done' | 'error';

/** Spec 002 §3 'Local upload record'. */
export interface AbUploadRecord {
  id: string;
  fileName: string;
  serverFilename: string | null;
  size: string;
  status: TAbUploadStatus;
  progress: number;
  nickname: string;
  showId: string | null;
  ttlDays: number;
  durationSec: number | null;
  error?: string;
}

/** Spec 002 §3 'Local draft'. */
export interface AbLocalDraft {
  id: string;
  title: string;
  fileId: string;
  transcript: 'processing' | 'ready';
  hint: string;
}

export interface AbState {
  uploads: AbUploadRecord[];
  draftId: string | null;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function local(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function localDraftsOf(drafts: readonly TAbDraft[]): AbLocalDraft[] {
  return drafts.map((d) => ({
    id: d.id,
    title: d.title || d.display_name,
    fileId: d.media_id,
    transcript: d.transcript === 'ready' ? 'ready' : 'processing',
    hint: d.filename,
  }));
}

export function saveLocalDrafts(drafts: readonly TAbDraft[], storage: StorageLike | null = local()): void {
  try {
    storage?.setItem(AB_WORKSPACE.draftsKey, JSON.stringify(localDraftsOf(drafts)));
  } catch {
    // A full or refused storage keeps the server's copy only.
  }
}

export function readAbState(token: string | null, storage: StorageLike | null = local()): AbState {
  try {
    const parsed = JSON.parse(storage?.getItem(abStateKey(token)) ?? 'null') as Partial<AbState> | null;
    // An upload cut off by a reload cannot resume from this page's memory: it shows as failed.
    const uploads = (parsed?.uploads ?? []).map((u) => (u.status === 'uploading' ? { ...u, status: 'error' as const } : u));
    return { uploads, draftId: parsed?.draftId ?? null };
  } catch {
    return { uploads: [], draftId: null };
  }
}

export function saveAbState(token: string | null, state: AbState, storage: StorageLike | null = local()): void {
  try {
    storage?.setItem(abStateKey(token), JSON.stringify(state));
  } catch {
    // As above.
  }
}

/** '2.4 MB' for the upload list. */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Progress as the list shows it: 1-99 while uploading, then 'Uploaded'. */
export function progressLabel(record: Pick<AbUploadRecord, 'status' | 'progress'>): string {
  if (record.status === 'done') return 'Uploaded';
  if (record.status === 'queued') return 'Queued';
  if (record.status === 'error') return 'Upload failed';
  return `${Math.min(99, Math.max(1, Math.round(record.progress)))}%`;
}

/** The workspace layout key (spec 002 §2.2 step 11): true when the creator's workspace is the /ab layout. */
export function isAbLayout(storage: StorageLike | null = local()): boolean {
  try {
    return storage?.getItem(LAYOUT_STORAGE_KEY) === 'ab';
  } catch {
    return false;
  }
}

/** The landing experiment's 'ab' bucket opens New Episode in /ab. */
export function workspaceNewEpisodePath(regularPath: string, storage: StorageLike | null = local()): string {
  return isAbLayout(storage) ? AB_PATH : regularPath;
}
