import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlayerPauseFilled, IconPlayerPlayFilled, IconTrash } from '@tabler/icons-react';
import { MEDIA, MEDIA_MESSAGES, type TMediaItem } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { formatDuration } from '../preupload/preupload-form.ts';
import { LengthWarning } from '../preupload/UploadPieces.tsx';
import { useCan } from '../team/use-workspace.ts';

export interface MediaItemRowProps {
  item: TMediaItem;
  selected: boolean;
  playing: boolean;
  onSelect: (selected: boolean) => void;
  onPreview: () => void;
  onDelete: () => void;
}

function EditForm({ item, onDone }: { item: TMediaItem; onDone: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.media.update.useMutation();
  const [name, setName] = useState(item.friendly_name);
  const [keyword, setKeyword] = useState(item.trigger_keyword ?? '');

  async function save() {
    try {
      const patch = item.category === 'sfx' ? { friendly_name: name, trigger_keyword: keyword.trim() || null } : { friendly_name: name };
      await update.mutateAsync({ id: item.id, patch });
      await utils.media.library.invalidate();
      onDone();
    } catch (err) {
      notifications.show({ color: 'red', title: MEDIA_MESSAGES.saveErrorTitle, message: toApiFailure(err).message ?? 'Could not save.' });
    }
  }

  return (
    <Group align="flex-end" gap="xs" wrap="wrap" style={{ flex: 1 }}>
      <TextInput
        label="Name"
        value={name}
        maxLength={MEDIA.friendlyNameMaxLength}
        onChange={(e) => setName(e.currentTarget.value)}
        style={{ flex: 1, minWidth: 160 }}
      />
      {item.category === 'sfx' && (
        <TextInput
          label="Trigger keyword"
          value={keyword}
          maxLength={MEDIA.triggerKeywordMaxLength}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          style={{ minWidth: 140 }}
        />
      )}
      <Button size="sm" onClick={() => void save()} loading={update.isPending} disabled={!name.trim()}>
        Save
      </Button>
      <Button size="sm" variant="default" onClick={onDone}>
        Cancel
      </Button>
    </Group>
  );
}

/** Edit and Delete of one item (for who may change the workspace's media). */
function ItemActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** One library item: select, preview, edit (name, plus trigger keyword for sfx) and delete; toggles view and edit. */
export function MediaItemRow({ item, selected, playing, onSelect, onPreview, onDelete }: MediaItemRowProps) {
  const [editing, setEditing] = useState(false);
  // A viewer of the workspace listens; uploads, names and deletions are the editors'.
  const edits = useCan('edit');
  return (
    <Group wrap="nowrap" gap="sm" py="xs" align="center" data-testid="media-item" aria-label={item.friendly_name}>
      {edits && (
        <Checkbox aria-label={`Select ${item.friendly_name}`} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} />
      )}
      <Tooltip label={playing ? 'Pause' : 'Preview'}>
        <ActionIcon
          variant="light"
          radius="xl"
          aria-label={playing ? `Pause ${item.friendly_name}` : `Preview ${item.friendly_name}`}
          onClick={onPreview}
        >
          {playing ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
        </ActionIcon>
      </Tooltip>
      {editing ? (
        <EditForm item={item} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {item.friendly_name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {item.original_name} · {formatDuration(item.duration_seconds)}
              {item.category === 'sfx' && ` · keyword: ${item.trigger_keyword ?? 'none'}`}
            </Text>
            <LengthWarning item={item} />
          </Stack>
          {edits && <ItemActions name={item.friendly_name} onEdit={() => setEditing(true)} onDelete={onDelete} />}
        </>
      )}
    </Group>
  );
}
