import { Alert, Button, FileInput, Group, Progress, TagsInput, Text, TextInput } from '@mantine/core';
import { MEDIA, MUSIC, MUSIC_ADMIN_MESSAGES } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';
import { useMusicAdd, type MusicAddFieldsState } from './use-music-add.ts';

/**
 * Add music (spec 002 sections 5 and 8): upload a file (with progress and cancel) or import one
 * from a full http(s) URL, which the server fetches through its guarded fetch and checks like an upload.
 */
export function MusicAddCard() {
  const add = useMusicAdd();
  const uploading = add.progress !== null;
  const busy = uploading || add.importing;
  return (
    <TitledCard title="Add music" order={3} padding="md">
      <MusicAddFields fields={add.fields} />
      <Text size="xs" c="dimmed">
        An address is fetched by this server (public addresses only, up to {MEDIA.libraryMaxMb} MB) and checked like an upload.
      </Text>
      {add.problem && (
        <Alert color="red" data-testid="music-upload-problem">
          {add.problem}
        </Alert>
      )}
      {uploading && <Progress value={add.progress ?? 0} aria-label="Upload progress" animated />}
      <Group justify="flex-end">
        {uploading && (
          <Button variant="default" onClick={add.cancelUpload}>
            Cancel upload
          </Button>
        )}
        <Button variant="default" onClick={add.importFromUrl} loading={add.importing} disabled={busy && !add.importing}>
          Import from URL
        </Button>
        <Button onClick={() => void add.upload()} loading={uploading} disabled={busy && !uploading}>
          Upload
        </Button>
      </Group>
    </TitledCard>
  );
}

function MusicAddFields({ fields }: { fields: MusicAddFieldsState }) {
  return (
    <>
      <Group align="flex-end" grow>
        <FileInput
          label="Audio file"
          placeholder={MUSIC_ADMIN_MESSAGES.noFileSelected}
          accept="audio/*"
          value={fields.file}
          onChange={fields.chooseFile}
          clearable
        />
        <TextInput
          label="Or import from a URL"
          placeholder="https://example.com/bed.mp3"
          type="url"
          value={fields.url}
          onChange={(e) => fields.setUrl(e.currentTarget.value)}
        />
      </Group>
      <Group align="flex-end" grow>
        <TextInput
          label="Display name"
          value={fields.name}
          maxLength={MUSIC.maxDisplayNameLength}
          onChange={(e) => fields.setName(e.currentTarget.value)}
        />
        <TagsInput
          label="Mood tags"
          value={fields.moods}
          onChange={fields.setMoods}
          maxTags={MUSIC.maxMoodTags}
          placeholder="calm, upbeat…"
        />
      </Group>
    </>
  );
}
