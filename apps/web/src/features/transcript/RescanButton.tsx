import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefreshDot } from '@tabler/icons-react';
import { describeRescan, type TRescanResult } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

export interface RescanButtonProps {
  mediaId: string;
  name: string;
  /** The Flubber review's slider, when the creator set one. */
  fuzzyThreshold?: number;
  onDone?(result: TRescanResult): void;
  size?: 'xs' | 'compact-sm';
}

/**
 * Re-scan (issue 18): the spoken commands and cleanup looked for again in the stored words with the
 * current settings (no new transcription); says what changed.
 */
export function RescanButton({ mediaId, name, fuzzyThreshold, onDone, size = 'xs' }: RescanButtonProps) {
  const utils = trpc.useUtils();
  const rescan = trpc.transcripts.rescan.useMutation();
  async function run() {
    try {
      const result = await rescan.mutateAsync({
        media_id: mediaId,
        ...(fuzzyThreshold === undefined ? {} : { fuzzy_threshold: fuzzyThreshold }),
      });
      notifications.show({ color: 'teal', title: `Re-scanned ${name}`, message: describeRescan(result.before, result.after) });
      await Promise.all([utils.media.mainContent.invalidate(), utils.transcripts.intentHints.invalidate()]);
      onDone?.(result);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Re-scan failed', message: toApiFailure(error).message ?? 'Please try again.' });
    }
  }
  return (
    <Button
      size={size}
      variant="light"
      leftSection={<IconRefreshDot size={14} />}
      loading={rescan.isPending}
      onClick={() => void run()}
      aria-label={`Re-scan ${name}`}
      title="Look for commands and cleanup again with your current settings"
    >
      Re-scan
    </Button>
  );
}
