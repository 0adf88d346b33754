import { useState } from 'react';
import { Alert, Badge, Button, Card, Divider, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { MEDIA_MESSAGES, type TMediaItem } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { SECTIONS } from './library-checks.ts';
import { MediaItemRow } from './MediaItemRow.tsx';
import { UploadNewMedia } from './UploadNewMedia.tsx';
import { usePreviewPlayer } from './use-preview-player.ts';
import { useCan } from '../team/use-workspace.ts';

/** Deleting library items one by one (failures told together) and the selection for a bulk delete. */
function useMediaDeletion() {
  const utils = trpc.useUtils();
  const remove = trpc.media.delete.useMutation();
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

  const toggle = (id: string, on: boolean) =>
    setSelected((all) => {
      const next = new Set(all);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return { selected, toggle, confirming, setConfirming, deleteItems, deleting: remove.isPending };
}

type MediaDeletion = ReturnType<typeof useMediaDeletion>;

/** The media library (spec 001 'Media library'): upload, sections per category, preview, edit, delete, bulk delete. */
export function MediaLibraryView() {
  const library = trpc.media.library.useQuery();
  const player = usePreviewPlayer();
  const deletion = useMediaDeletion();
  const { selected, setConfirming } = deletion;
  const items = library.data ?? [];
  const edits = useCan('edit');

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1}>Media Uploads</Title>
        <Text c="dimmed">Reusable intros, outros, music and sound effects for your episodes.</Text>
      </div>
      {edits && <UploadNewMedia />}
      <Group justify="space-between">
        <Title order={2} size="h3">
          Library
        </Title>
        {edits && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selected.size === 0}
            onClick={() => setConfirming(items.filter((i) => selected.has(i.id)))}
          >
            Delete selected{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
        )}
      </Group>
      {library.isPending && <Loader aria-label="Loading media" />}
      {library.isError && <Alert color="red">{toApiFailure(library.error).message ?? 'Unable to load media.'}</Alert>}
      {SECTIONS.map((section) => (
        <LibrarySection
          key={section.category}
          section={section}
          items={items.filter((i) => i.category === section.category)}
          deletion={deletion}
          player={player}
        />
      ))}
      <ConfirmDeleteModal deletion={deletion} />
    </Stack>
  );
}

interface SectionProps {
  section: (typeof SECTIONS)[number];
  items: TMediaItem[];
  deletion: MediaDeletion;
  player: ReturnType<typeof usePreviewPlayer>;
}

/** One category of the library (intros, outros, music...), its items with select, preview, edit and delete. */
function LibrarySection({ section, items, deletion, player }: SectionProps) {
  return (
    <Card withBorder padding="lg" aria-label={section.title} component="section" style={section.disabled ? { opacity: 0.6 } : undefined}>
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
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {section.disabled ? 'Commercial slots are not available yet.' : 'Nothing here yet.'}
        </Text>
      )}
      {items.map((item, i) => (
        <div key={item.id}>
          {i > 0 && <Divider />}
          <MediaItemRow
            item={item}
            selected={deletion.selected.has(item.id)}
            playing={player.playing === item.id}
            onSelect={(on) => deletion.toggle(item.id, on)}
            onPreview={() => void player.toggle(item.id)}
            onDelete={() => deletion.setConfirming([item])}
          />
        </div>
      ))}
    </Card>
  );
}

/** 'Delete media?' for one item or the selection. */
function ConfirmDeleteModal({ deletion }: { deletion: MediaDeletion }) {
  const { confirming, setConfirming } = deletion;
  return (
    <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Delete media?" centered>
      <Stack>
        <Text>
          {confirming?.length === 1 ? `Delete "${confirming[0]?.friendly_name}"?` : `Delete ${confirming?.length ?? 0} items?`} This cannot
          be undone.
        </Text>
        <DialogActions onCancel={() => setConfirming(null)}>
          <Button color="red" loading={deletion.deleting} onClick={() => confirming && void deletion.deleteItems(confirming)}>
            Delete
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
