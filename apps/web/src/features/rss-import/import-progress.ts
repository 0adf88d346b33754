import { RSS_IMPORT_MESSAGES, ZRssUrl, type TRssImportResult } from '@ppp/contracts';

/** The URL field's check, with the same schema the API applies: an error message or null. */
export function urlError(value: string): string | null {
  const parsed = ZRssUrl.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? RSS_IMPORT_MESSAGES.urlRequired);
}

export interface TProgressView {
  label: string;
  /** 0-100. */
  percent: number;
  finished: boolean;
}

/** What the progress bar says for an import as the status call reports it. */
export function progressOf(result: TRssImportResult): TProgressView {
  const total = result.import_status.feed_total;
  switch (result.status) {
    case 'queued':
      return { label: 'Waiting for the importer…', percent: 2, finished: false };
    case 'importing':
      return {
        label: `Importing episodes: ${result.episodes_imported} of ${total}`,
        percent: total > 0 ? Math.round((result.episodes_imported / total) * 60) : 0,
        finished: false,
      };
    case 'mirroring': {
      // Nothing but linked files to copy (episodes without audio of their own).
      if (result.mirror_total === 0) return { label: 'Copying transcripts, chapters and artwork…', percent: 80, finished: false };
      const handled = result.mirrored_count + result.mirror_failed;
      const share = result.mirror_total > 0 ? handled / result.mirror_total : 1;
      return { label: `Copying audio: ${handled} of ${result.mirror_total}`, percent: 60 + Math.round(share * 40), finished: false };
    }
    case 'done':
      return { label: RSS_IMPORT_MESSAGES.importComplete, percent: 100, finished: true };
    case 'failed':
      return { label: RSS_IMPORT_MESSAGES.importFailed, percent: 100, finished: true };
  }
}

/** 'h:mm:ss' or 'm:ss' for a duration in ms; '' when unknown. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * What the finished import says about auto-publish to Spreaker, when it was asked for: publishing
 * started (the episodes go up one by one), or why nothing was sent. Null when it was not asked for.
 */
export function autoPublishNote(result: TRssImportResult, asked: boolean): { started: boolean; text: string } | null {
  if (!asked || result.status !== 'done') return null;
  if (result.auto_publish_started) {
    return {
      started: true,
      text: 'Publishing to Spreaker started: the imported episodes are being uploaded to your Spreaker show, one at a time.',
    };
  }
  return {
    started: false,
    text: 'Nothing was published to Spreaker: this show is not linked to a Spreaker show, or its episodes are already there. Link it on My Podcasts, then import again.',
  };
}

/** A feed or episode date as the creator's locale writes it; empty when the feed gives none. */
export const dateOf = (d: Date | null) => (d ? new Date(d).toLocaleDateString() : '');
