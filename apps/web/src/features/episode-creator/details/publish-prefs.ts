import type { PublishMode, Visibility } from './details-rules.ts';
import { isZone } from '../../publishing/schedule-time.ts';

/** 'Publish preferences persist in local storage' (spec 000 §4): mode, visibility and the last schedule. */
export const PUBLISH_PREFS_STORAGE_KEY = 'ppp.episodeCreator.publishPrefs';

export interface PublishPrefs {
  publishMode: PublishMode;
  visibility: Visibility;
  /** The last scheduled instant (ISO), reused while more than 10 minutes ahead. */
  scheduleAt: string | null;
  /** The time zone the last schedule was picked in, offered again (null: the browser's). */
  scheduleZone: string | null;
}

export const DEFAULT_PUBLISH_PREFS: PublishPrefs = { publishMode: 'now', visibility: 'public', scheduleAt: null, scheduleZone: null };

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function local(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** What was stored, each field checked; anything unreadable falls back to the default. */
export function parsePublishPrefs(raw: string | null): PublishPrefs {
  if (!raw) return DEFAULT_PUBLISH_PREFS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_PUBLISH_PREFS;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_PUBLISH_PREFS;
  const fields = value as Record<string, unknown>;
  const mode = fields.publishMode;
  const scheduleAt = typeof fields.scheduleAt === 'string' && !Number.isNaN(Date.parse(fields.scheduleAt)) ? fields.scheduleAt : null;
  return {
    publishMode: mode === 'draft' || mode === 'schedule' || mode === 'now' ? mode : DEFAULT_PUBLISH_PREFS.publishMode,
    visibility: fields.visibility === 'unpublished' ? 'unpublished' : 'public',
    scheduleAt,
    scheduleZone: typeof fields.scheduleZone === 'string' && isZone(fields.scheduleZone) ? fields.scheduleZone : null,
  };
}

export function readPublishPrefs(store: Store | null = local()): PublishPrefs {
  try {
    return parsePublishPrefs(store?.getItem(PUBLISH_PREFS_STORAGE_KEY) ?? null);
  } catch {
    return DEFAULT_PUBLISH_PREFS;
  }
}

export function writePublishPrefs(prefs: PublishPrefs, store: Store | null = local()): void {
  try {
    store?.setItem(PUBLISH_PREFS_STORAGE_KEY, JSON.stringify(prefs));
  } catch {
    // Full or blocked storage: the choice is only not remembered.
  }
}
