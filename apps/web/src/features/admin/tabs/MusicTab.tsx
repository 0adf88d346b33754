import { useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, Stack, Table, TagsInput, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { ADMIN_MESSAGES, MUSIC, type TAdminMusicAsset } from '@ppp/contracts';
import { DataTable, DialogActions } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { formatBytes } from '../admin-format.ts';
import { MusicAddCard } from './MusicAddCard.tsx';

/** Music Library: the instance's shared beds, which onboarding and every creator's template editor offer. */
export function MusicTab() {
  const assets = trpc.admin.musicAssets.useQuery();
  const [editing, setEditing] = useState<TAdminMusicAsset | null>(null);
  return (
    <Stack gap="lg">
      <MusicAddCard />
      {assets.isError ? (
        <Alert color="red">{ADMIN_MESSAGES.loadFailed}</Alert>
      ) : !assets.data ? (
        <Loader aria-label="Loading music" />
      ) : assets.data.length === 0 ? (
        <Text c="dimmed">The shared library is empty.</Text>
      ) : (
        <DataTable
          striped
          label="Music library"
          minWidth={720}
          columns={['Preview', 'Name', 'Moods', 'Length', 'Size', 'Source', { hiddenLabel: 'Actions' }]}
        >
          {assets.data.map((asset) => (
            <AssetRow key={asset.id} asset={asset} onEdit={() => setEditing(asset)} />
          ))}
        </DataTable>
      )}
      {editing && <EditAssetModal key={editing.id} asset={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function AssetRow({ asset, onEdit }: { asset: TAdminMusicAsset; onEdit: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.admin.deleteMusicAsset.useMutation({
    onSuccess: () => utils.admin.musicAssets.invalidate(),
    onError: () => notifications.show({ color: 'red', title: ADMIN_MESSAGES.deleteFailed, message: ADMIN_MESSAGES.deleteAssetFailed }),
  });
  return (
    <Table.Tr data-testid={`music-row-${asset.display_name}`}>
      <Table.Td>
        <PreviewButton asset={asset} />
      </Table.Td>
      <Table.Td>{asset.display_name}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {asset.mood_tags.map((tag) => (
            <Badge key={tag} variant="light" size="sm">
              {tag}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>{asset.duration_seconds === null ? '—' : `${asset.duration_seconds.toFixed(1)} s`}</Table.Td>
      <Table.Td>{formatBytes(asset.size_bytes)}</Table.Td>
      <Table.Td>{asset.source === 'builtin' ? 'Built in' : asset.source === 'url' ? 'Imported' : 'Uploaded'}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${asset.display_name}`} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${asset.display_name}`}
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete '${asset.display_name}' from the shared library? Creators' copies stay.`))
                remove.mutate({ id: asset.id });
            }}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Plays the first 20 seconds of a bed (spec 002 section 9, 'Music preview 20 s'). */
function PreviewButton({ asset }: { asset: TAdminMusicAsset }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  function stop() {
    audio.current?.pause();
    setPlaying(false);
  }
  function play() {
    const element = audio.current ?? new Audio(asset.preview_url);
    audio.current = element;
    element.currentTime = 0;
    element.ontimeupdate = () => {
      if (element.currentTime >= MUSIC.previewSeconds) stop();
    };
    element.onended = () => setPlaying(false);
    void element.play().then(() => setPlaying(true), stop);
  }
  return (
    <ActionIcon variant="light" aria-label={`${playing ? 'Stop' : 'Preview'} ${asset.display_name}`} onClick={playing ? stop : play}>
      {playing ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
    </ActionIcon>
  );
}

function EditAssetModal({ asset, onClose }: { asset: TAdminMusicAsset; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [name, setName] = useState(asset.display_name);
  const [moods, setMoods] = useState<string[]>(asset.mood_tags);
  const update = trpc.admin.updateMusicAsset.useMutation({
    onSuccess: async () => {
      await utils.admin.musicAssets.invalidate();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Edit ${asset.display_name}`}>
      <Stack gap="sm">
        <TextInput
          label="Display name"
          value={name}
          maxLength={MUSIC.maxDisplayNameLength}
          onChange={(e) => setName(e.currentTarget.value)}
          error={update.isError ? messageOf(update.error, ADMIN_MESSAGES.saveFailed) : undefined}
        />
        <TagsInput label="Mood tags" value={moods} onChange={setMoods} maxTags={MUSIC.maxMoodTags} />
        <DialogActions onCancel={onClose}>
          <Button loading={update.isPending} onClick={() => update.mutate({ id: asset.id, display_name: name, mood_tags: moods })}>
            Save
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
