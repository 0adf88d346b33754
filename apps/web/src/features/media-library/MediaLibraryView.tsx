import { useState } from 'react';
import { Alert, Badge, Button, Card, Divider, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { MEDIA_MESSAGES, type TMediaItem } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { SECTIONS } from './library-checks.ts';
import { MediaItemRow } from './MediaItemRow.tsx';
import { UploadNewMedia } from './UploadNewMedia.tsx';
import { usePreviewPlayer } from './use-preview-player.ts';

/** The media library (spec 001 'Media library'): upload, sections per category, preview, edit, delete, bulk delete. */
export function MediaLibraryView() {
  const utils = trpc.useUtils();
  const library = trpc.media.library.useQuery();
  const remove = trpc.media.delete.useMutation();
  const player = usePreviewPlayer();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<TMediaItem[] | null>(null);

  async function deleteItems(items: TMediaItem[]) {
    const failed: string[] = [];
    for (const item of items) {
      try {
        await remove.mutateAsync({ id: item.id });
      } catch (err) {
        failed.push(`${item.friendly_name}: ${toApiFailure(err).message ?? MEDIA_MESSAGES.deleteFailed}`);
      }
    }
    setSelected(new Set());
    setConfirming(null);
    await utils.media.library.invalidate();
    if (failed.length) notifications.show({ color: 'red', title: MEDIA_MESSAGES.deleteFailed, message: failed.join('\n') });
  }

  const items = library.data ?? [];
  const toggle = (id: string, on: boolean) =>
    setSelected((all) => {
      const next = new Set(all);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1}>Media Uploads</Title>
        <Text c="dimmed">Reusable intros, outros, music and sound effects for your episodes.</Text>
      </div>
      <UploadNewMedia />
      <Group justify="space-between">
        <Title order={2} size="h3">
          Library
        </Title>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          disabled={selected.size === 0}
          onClick={() => setConfirming(items.filter((i) => selected.has(i.id)))}
        >
          Delete selected{selected.size > 0 ? ` (${selected.size})` : ''}
        </Button>
      </Group>
      {library.isPending && <Loader aria-label="Loading media" />}
      {library.isError && <Alert color="red">{toApiFailure(library.error).message ?? 'Unable to load media.'}</Alert>}
      {SECTIONS.map((section) => {
        const inSection = items.filter((i) => i.category === section.category);
        return (
          <Card
            key={section.category}
            withBorder
            padding="lg"
            aria-label={section.title}
            component="section"
            style={section.disabled ? { opacity: 0.6 } : undefined}
          >
            <Group gap="xs" mb="xs">
              <Title order={3} size="h4">
                {section.title}
              </Title>
              {section.disabled && (
                <Badge color="gray" variant="light">
                  {MEDIA_MESSAGES.comingSoon}
                </Badge>
              )}
            </Group>
            {inSection.length === 0 && (
              <Text size="sm" c="dimmed">
                {section.disabled ? 'Commercial slots are not available yet.' : 'Nothing here yet.'}
              </Text>
            )}
            {inSection.map((item, i) => (
              <div key={item.id}>
                {i > 0 && <Divider />}
                <MediaItemRow
                  item={item}
                  selected={selected.has(item.id)}
                  playing={player.playing === item.id}
                  onSelect={(on) => toggle(item.id, on)}
                  onPreview={() => void player.toggle(item.id)}
                  onDelete={() => setConfirming([item])}
                />
              </div>
            ))}
          </Card>
        );
      })}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Delete media?" centered>
        <Stack>
          <Text>
            {confirming?.length === 1 ? `Delete "${confirming[0]?.friendly_name}"?` : `Delete ${confirming?.length ?? 0} items?`} This
            cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => confirming && void deleteItems(confirming)}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
