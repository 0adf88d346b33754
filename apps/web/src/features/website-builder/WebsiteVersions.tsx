import { Badge, Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { WEBSITE_MESSAGES, type TWebsite, type TWebsiteVersion } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

const ACTION_LABELS: Record<TWebsiteVersion['action'], string> = {
  generate: 'Generated',
  chat: 'Chat',
  publish: 'Published',
  restore: 'Restored',
};
const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function VersionRow({ version: v, restoring, onRestore }: { version: TWebsiteVersion; restoring: boolean; onRestore(): void }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            v{v.version} · {ACTION_LABELS[v.action]}
          </Text>
          {v.current && <Badge size="xs">current</Badge>}
          {v.published && (
            <Badge size="xs" color="green">
              live
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {TIME.format(v.created_at)}
          {v.message ? ` · ${v.message}` : ''}
        </Text>
      </div>
      {!v.current && (
        <Button
          size="compact-xs"
          variant="default"
          style={{ flexShrink: 0 }}
          aria-label={`Restore version ${v.version}`}
          loading={restoring}
          onClick={onRestore}
        >
          Restore
        </Button>
      )}
    </Group>
  );
}

/** The list scrolls down only: a row's long message is cut with an ellipsis, the scrollbar beside the rows, not over them. */
const NO_SIDEWAYS_SCROLL = { content: { minWidth: 0 }, viewportInner: { display: 'block', width: '100%' } } as const;

/** Every saved version, newest first; Restore makes an earlier one current again (as a new version). */
export function WebsiteVersions({ podcastId, onRestored }: { podcastId: string; onRestored: (w: TWebsite) => Promise<void> }) {
  const versions = trpc.website.versions.useQuery({ podcast_id: podcastId });
  const restore = trpc.website.restore.useMutation({
    onSuccess: onRestored,
    onError: (err) => notifications.show({ color: 'red', title: WEBSITE_MESSAGES.updateFailed, message: toApiFailure(err).message ?? '' }),
  });
  return (
    <TitledCard title="Versions" padding="md">
      <ScrollArea.Autosize mah={240} type="auto" scrollbars="y" offsetScrollbars="y" styles={NO_SIDEWAYS_SCROLL}>
        <Stack gap={6} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Versions">
          {(versions.data?.items ?? []).map((v) => (
            <VersionRow
              key={v.version}
              version={v}
              restoring={restore.isPending && restore.variables?.version === v.version}
              onRestore={() => restore.mutate({ podcast_id: podcastId, version: v.version })}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </TitledCard>
  );
}
