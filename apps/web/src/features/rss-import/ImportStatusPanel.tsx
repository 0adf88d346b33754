import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES, RSS_IMPORT_MESSAGES, type TImportStatus } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/**
 * An imported show's import_status (spec 001 §3) and, for a show linked to Spreaker, 'Recover from
 * Spreaker' (§7 POST /api/podcasts/{id}/recover-from-spreaker): Spreaker's feed lists only the newest
 * episodes, the rest are added from its API. A failure says 'Recovery Failed' (§8) with the reason.
 */
export function ImportStatusPanel({ podcastId, status, canRecover }: { podcastId: string; status: TImportStatus; canRecover: boolean }) {
  const utils = trpc.useUtils();
  const recover = trpc.rssImport.recoverFromSpreaker.useMutation({
    onSuccess: async (result) => {
      notifications.show({
        color: 'green',
        title: RSS_IMPORT_MESSAGES.recoveryDone,
        message: RSS_IMPORT_MESSAGES.recovered(result.recovered_count),
      });
      await Promise.all([
        utils.podcasts.list.invalidate(),
        utils.podcasts.summary.invalidate({ id: podcastId }),
        utils.podcasts.episodes.invalidate({ id: podcastId }),
        utils.rssImport.episodes.invalidate({ podcast_id: podcastId }),
      ]);
    },
    onError: (err) => {
      notifications.show({
        color: 'red',
        title: RSS_IMPORT_MESSAGES.recoveryFailed,
        message: toApiFailure(err).message ?? MESSAGES.unexpected,
      });
    },
  });
  // The answer of a recovery is newer than the status this panel was given.
  const shown = recover.data?.import_status ?? status;
  return (
    <Stack gap={4} aria-label="Import status">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c={shown.needs_full_import ? 'orange' : 'dimmed'} role="status">
          {RSS_IMPORT_MESSAGES.importStatus(shown.imported_count, shown.feed_total)}
        </Text>
        {canRecover && (
          <Button size="compact-xs" variant="light" loading={recover.isPending} onClick={() => recover.mutate({ podcast_id: podcastId })}>
            {RSS_IMPORT_MESSAGES.recoverAction}
          </Button>
        )}
      </Group>
      {canRecover && (
        <Text size="xs" c="dimmed">
          {RSS_IMPORT_MESSAGES.recoverHint}
        </Text>
      )}
    </Stack>
  );
}
