import { Alert, Anchor, Badge, Button, Card, CopyButton, Group, List, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CHECKLIST_STATUSES, type TChecklistItem, type TChecklistStatus, type TPodcast } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

const STATUS_LABELS: Record<TChecklistStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
  skipped: 'Skipped',
};

/** Saves an item's status and notes; the checklist is read again. */
function useChecklistItemSave(showId: string, key: TChecklistItem['key']) {
  const utils = trpc.useUtils();
  const save = trpc.podcasts.updateChecklistItem.useMutation();
  return async function update(status: TChecklistStatus, notes: string | null) {
    try {
      await save.mutateAsync({ id: showId, key, status, notes });
      await utils.podcasts.checklist.invalidate({ id: showId });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Save failed', message: toApiFailure(err).message ?? 'Save failed' });
    }
  };
}

function ChecklistItemCard({ showId, item }: { showId: string; item: TChecklistItem }) {
  const update = useChecklistItemSave(showId, item.key);
  return (
    <Card withBorder padding="sm" aria-label={item.name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={650}>{item.name}</Text>
          <Badge variant="light" color={item.automation === 'automatic' ? 'teal' : item.automation === 'assisted' ? 'blue' : 'gray'}>
            {item.automation}
          </Badge>
        </Group>
        <Select
          aria-label={`${item.name} status`}
          size="xs"
          w={150}
          data={CHECKLIST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={item.status}
          allowDeselect={false}
          onChange={(value) => value && void update(value as TChecklistStatus, item.notes)}
        />
      </Group>
      <ChecklistItemGuide item={item} />
      <Textarea
        mt="xs"
        size="xs"
        label="Notes"
        defaultValue={item.notes ?? ''}
        autosize
        minRows={1}
        onBlur={(e) => {
          const notes = e.currentTarget.value.trim() || null;
          if (notes !== item.notes) void update(item.status, notes);
        }}
      />
    </Card>
  );
}

/** What the item is, why it may be unavailable, its steps, and its links. */
function ChecklistItemGuide({ item }: { item: TChecklistItem }) {
  return (
    <>
      <Text size="sm" c="dimmed" mt={4}>
        {item.summary}
      </Text>
      {item.automation_notes && (
        <Text size="xs" c="dimmed">
          {item.automation_notes}
        </Text>
      )}
      {item.disabled_reason && (
        <Alert color="yellow" mt="xs" p="xs">
          {item.disabled_reason}
        </Alert>
      )}
      <List size="sm" mt="xs" type="ordered">
        {item.instructions.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Group gap="md" mt="xs">
        {item.action_url && item.action_label && (
          <Anchor href={item.action_url} target="_blank" rel="noreferrer" size="sm">
            {item.action_label}
          </Anchor>
        )}
        {item.docs_url && (
          <Anchor href={item.docs_url} target="_blank" rel="noreferrer" size="sm">
            Help
          </Anchor>
        )}
      </Group>
    </>
  );
}

/** The distribution checklist (spec 001 §3): directories with status, notes, instructions and the RSS feed URL. */
export function DistributionChecklistDialog({ show, onClose }: { show: TPodcast | null; onClose: () => void }) {
  const checklist = trpc.podcasts.checklist.useQuery({ id: show?.id ?? '' }, { enabled: show !== null });
  const data = checklist.data;
  return (
    <Modal opened={show !== null} onClose={onClose} title={`Distribution checklist: ${show?.name ?? ''}`} size="lg">
      {checklist.isPending && <Loader aria-label="Loading checklist" />}
      {checklist.isError && <Alert color="red">Unable to load distribution checklist.</Alert>}
      {data && show && (
        <Stack>
          {data.rss_feed_url && (
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                RSS feed
              </Text>
              <Text size="sm" ff="monospace" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {data.rss_feed_url}
              </Text>
              <CopyButton value={data.rss_feed_url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
          {data.items.map((item) => (
            <ChecklistItemCard key={item.key} showId={show.id} item={item} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
