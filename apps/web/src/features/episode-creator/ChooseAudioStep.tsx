import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconRefresh, IconUpload } from '@tabler/icons-react';
import { EPISODE_CREATOR, EPISODE_CREATOR_SHELL, type TMediaItem } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { DeleteUploadDialog } from '../preupload/UploadPieces.tsx';
import { UploadTranscriptEditor } from '../transcript/TranscriptEditor.tsx';
import { UploadChoiceCard } from './UploadChoiceCard.tsx';

export interface ChooseAudioStepProps {
  selectedId: string | null;
  onSelect(item: TMediaItem): void;
  onDeleted(id: string): void;
  onUploadAudio(): void;
  onConfigureAutomations(): void;
  /** After Re-scan of an upload: the build forgets the retakes and commands it read from it. */
  onRescanned?(id: string): void;
}

interface ToolbarProps {
  refreshing: boolean;
  canConfigure: boolean;
  onRefresh(): void;
  onUploadAudio(): void;
  onConfigureAutomations(): void;
}

/** Refresh the list, upload more audio, configure the automations of the chosen upload. */
function ChooseAudioToolbar({ refreshing, canConfigure, onRefresh, onUploadAudio, onConfigureAutomations }: ToolbarProps) {
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRefresh} loading={refreshing}>
        Refresh
      </Button>
      <Button variant="light" leftSection={<IconUpload size={16} />} onClick={onUploadAudio}>
        {EPISODE_CREATOR_SHELL.uploadAudio}
      </Button>
      <Button variant="light" leftSection={<IconAdjustments size={16} />} onClick={onConfigureAutomations} disabled={!canConfigure}>
        {EPISODE_CREATOR_SHELL.configureAutomations}
      </Button>
    </Group>
  );
}

/** Step 2 in preuploaded mode, 'Choose Audio': Ready and Processing uploads with their cue counts. */
export function ChooseAudioStep({
  selectedId,
  onSelect,
  onDeleted,
  onUploadAudio,
  onConfigureAutomations,
  onRescanned,
}: ChooseAudioStepProps) {
  const list = trpc.media.mainContent.useQuery(undefined, {
    refetchInterval: (query) =>
      (query.state.data ?? []).some((i) => i.status === 'processing') ? EPISODE_CREATOR.transcriptPollMs : false,
  });
  const [pending, setPending] = useState<TMediaItem | null>(null);
  const [reading, setReading] = useState<string | null>(null);

  const items = (list.data ?? []).filter((i) => i.status !== 'error');
  return (
    <Stack gap="md">
      <ChooseAudioToolbar
        refreshing={list.isFetching}
        canConfigure={Boolean(selectedId)}
        onRefresh={() => void list.refetch()}
        onUploadAudio={onUploadAudio}
        onConfigureAutomations={onConfigureAutomations}
      />
      {list.isPending && <Loader aria-label="Loading uploads" />}
      {list.isError && (
        <Alert color="red" title={toApiFailure(list.error).message ?? 'Unable to load uploads'}>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            {EPISODE_CREATOR_SHELL.tryAgain}
          </Button>
        </Alert>
      )}
      {list.isSuccess && items.length === 0 && <Text c="dimmed">No processed uploads yet. Upload audio to start.</Text>}
      {items.map((item) => (
        <UploadChoiceCard
          key={item.id}
          item={item}
          selected={item.id === selectedId}
          onSelect={() => onSelect(item)}
          onDelete={() => setPending(item)}
          onTranscript={() => setReading(item.id)}
          onRescanned={() => onRescanned?.(item.id)}
        />
      ))}
      <DeleteUploadDialog pending={pending} onClose={() => setPending(null)} onDeleted={onDeleted} />
      <UploadTranscriptEditor mediaId={reading} onClose={() => setReading(null)} onSaved={onRescanned} />
    </Stack>
  );
}
