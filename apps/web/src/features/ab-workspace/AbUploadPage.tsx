import { useState } from 'react';
import { Badge, Button, Card, FileInput, Group, Modal, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileMusic } from '@tabler/icons-react';
import { AB_MESSAGES, AB_WORKSPACE, abDisplayName, type TAbDraft } from '@ppp/contracts';
import { TitledCard, DialogActions } from '@ppp/ui';
import { progressLabel, type AbUploadRecord } from './ab-storage.ts';

const DAY_MS = 86_400_000;

function expiryText(draft: TAbDraft, now = Date.now()): string {
  const days = Math.max(0, Math.ceil((Date.parse(draft.expires_at) - now) / DAY_MS));
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

export function TranscriptBadge({ state }: { state: TAbDraft['transcript'] }) {
  if (state === 'ready') return <Badge color="teal">{AB_MESSAGES.transcriptComplete}</Badge>;
  if (state === 'error') return <Badge color="red">Transcription failed</Badge>;
  return <Badge color="yellow">{AB_MESSAGES.transcriptPending}</Badge>;
}

function UploadRow({ record }: { record: AbUploadRecord }) {
  const busy = record.status === 'uploading';
  return (
    <Card withBorder padding="sm" aria-label={`Upload ${record.fileName}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600} truncate="end" title={record.fileName}>
          {abDisplayName(record.fileName, record.nickname)}
        </Text>
        <Text size="sm" c={record.status === 'error' ? 'red' : 'dimmed'} style={{ flexShrink: 0 }}>
          {record.status === 'error' && record.error ? record.error : progressLabel(record)}
        </Text>
      </Group>
      {busy && <Progress value={Math.min(99, Math.max(1, record.progress))} mt="xs" aria-label="Upload progress" />}
    </Card>
  );
}

interface DraftRowProps {
  draft: TAbDraft;
  onOpen(draft: TAbDraft): void;
  onDelete(draft: TAbDraft): void;
}

function DraftRow({ draft, onOpen, onDelete }: DraftRowProps) {
  return (
    <Card withBorder padding="sm" data-testid="ab-draft-row">
      <Stack gap={6}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end" title={draft.nickname || draft.display_name}>
            {abDisplayName(draft.nickname || draft.display_name, draft.nickname)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {expiryText(draft)}
            {draft.title ? ` · ${draft.title}` : ''}
          </Text>
        </Stack>
        <Group justify="space-between" gap="xs">
          <TranscriptBadge state={draft.transcript} />
          <Group gap="xs">
            <Button size="xs" variant="default" color="red" onClick={() => onDelete(draft)}>
              Delete
            </Button>
            <Button size="xs" onClick={() => onOpen(draft)}>
              {draft.transcript === 'ready' ? 'Open' : 'View'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** The audio picker with its optional custom name; Upload hands both on and clears them. */
function UploadAudioCard({ onUpload }: { onUpload(file: File, nickname: string): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [nickname, setNickname] = useState('');
  return (
    <TitledCard title="Upload audio" size="h3">
      <FileInput
        label="Audio file"
        placeholder="Choose an audio file"
        accept="audio/*"
        leftSection={<IconFileMusic size={18} />}
        value={file}
        onChange={setFile}
        clearable
      />
      <TextInput
        label="Custom name (optional)"
        value={nickname}
        maxLength={AB_WORKSPACE.nicknameMax}
        onChange={(e) => setNickname(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          disabled={!file}
          onClick={() => {
            if (!file) return;
            onUpload(file, nickname);
            setFile(null);
            setNickname('');
          }}
        >
          Upload
        </Button>
      </Group>
    </TitledCard>
  );
}

interface DeleteUploadModalProps {
  deleting: TAbDraft | null;
  onClose(): void;
  onDelete(draft: TAbDraft): void;
}

function DeleteUploadModal({ deleting, onClose, onDelete }: DeleteUploadModalProps) {
  return (
    <Modal opened={deleting !== null} onClose={onClose} title="Delete upload" centered>
      <Stack gap="md">
        <Text size="sm">{AB_MESSAGES.deleteConfirm}</Text>
        <DialogActions onCancel={onClose}>
          <Button
            color="red"
            onClick={() => {
              if (deleting) onDelete(deleting);
              onClose();
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

interface AbUploadPageProps {
  uploads: AbUploadRecord[];
  drafts: TAbDraft[];
  loading: boolean;
  onUpload(file: File, nickname: string): void;
  onOpen(draft: TAbDraft): void;
  onDelete(draft: TAbDraft): void;
}

/** Upload page (spec 002 §2.11): audio picker, optional custom name, the uploads and drafts with their transcript state. */
export function AbUploadPage({ uploads, drafts, loading, onUpload, onOpen, onDelete }: AbUploadPageProps) {
  const [deleting, setDeleting] = useState<TAbDraft | null>(null);
  const busy = uploads.filter((u) => u.status !== 'done');

  return (
    <Stack gap="lg">
      <UploadAudioCard onUpload={onUpload} />
      {busy.length > 0 && (
        <Stack gap="xs" aria-label="Uploads in progress">
          {busy.map((record) => (
            <UploadRow key={record.id} record={record} />
          ))}
        </Stack>
      )}
      <section aria-labelledby="ab-drafts-title">
        <Title order={2} size="h3" mb="sm" id="ab-drafts-title">
          Your uploads
        </Title>
        {!loading && drafts.length === 0 && <Text c="dimmed">No uploads yet. Choose an audio file to begin.</Text>}
        <Stack gap="xs">
          {drafts.map((draft) => (
            <DraftRow key={draft.id} draft={draft} onOpen={onOpen} onDelete={setDeleting} />
          ))}
        </Stack>
      </section>
      <DeleteUploadModal deleting={deleting} onClose={() => setDeleting(null)} onDelete={onDelete} />
    </Stack>
  );
}
