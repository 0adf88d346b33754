import { useRef, useState } from 'react';
import { Alert, Button, Card, FileInput, Group, Progress, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, MEDIA, MESSAGES, MUSIC, MUSIC_ADMIN_MESSAGES, ZMusicSourceUrl } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { MusicUploadError, uploadMusicAsset } from '../music-upload.ts';
import { nameFromUrl } from '../music-url.ts';

/**
 * Add music (spec 002 sections 5 and 8): upload a file (with progress and cancel) or import one
 * from a full http(s) URL, which the server fetches through its guarded fetch and checks like an upload.
 */
export function MusicAddCard() {
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [moods, setMoods] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const importUrl = trpc.admin.importMusicAsset.useMutation();

  function added(label: string) {
    notifications.show({ color: 'teal', title: 'Added', message: `${label} is in the shared library.` });
    setFile(null);
    setUrl('');
    setName('');
    setMoods([]);
    void utils.admin.musicAssets.invalidate();
  }

  async function upload() {
    if (!file) {
      setProblem(MUSIC_ADMIN_MESSAGES.actionRequired);
      return;
    }
    setProblem(null);
    const controller = new AbortController();
    cancel.current = controller;
    setProgress(0);
    try {
      const displayName = name.trim() || file.name.replace(/\.[^.]+$/, '');
      await uploadMusicAsset({ file, displayName, moodTags: moods }, setProgress, controller.signal);
      added(displayName);
    } catch (err) {
      const kind = err instanceof MusicUploadError ? err.kind : 'refused';
      const message = err instanceof Error ? err.message : ADMIN_MESSAGES.uploadFailed;
      if (kind === 'cancelled') notifications.show({ color: 'gray', title: ADMIN_MESSAGES.uploadCancelled, message: file.name });
      else notifications.show({ color: 'red', title: ADMIN_MESSAGES.uploadFailed, message });
      if (kind !== 'cancelled') setProblem(message);
    } finally {
      cancel.current = null;
      setProgress(null);
    }
  }

  function importFromUrl() {
    if (!url.trim()) return setProblem(MUSIC_ADMIN_MESSAGES.actionRequired);
    const source = ZMusicSourceUrl.safeParse(url);
    if (!source.success) return setProblem(MUSIC_ADMIN_MESSAGES.enterValidUrl);
    setProblem(null);
    const displayName = name.trim() || nameFromUrl(source.data);
    importUrl.mutate(
      { display_name: displayName, source_url: source.data, mood_tags: moods },
      {
        onSuccess: () => added(displayName),
        onError: (err) => {
          const message = messageOf(err, MESSAGES.unexpected);
          notifications.show({ color: 'red', title: ADMIN_MESSAGES.importFailed, message });
          setProblem(message);
        },
      },
    );
  }

  const busy = progress !== null || importUrl.isPending;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Add music
        </Title>
        <Group align="flex-end" grow>
          <FileInput
            label="Audio file"
            placeholder={MUSIC_ADMIN_MESSAGES.noFileSelected}
            accept="audio/*"
            value={file}
            onChange={(next) => {
              setFile(next);
              if (next && !name) setName(next.name.replace(/\.[^.]+$/, '').slice(0, MUSIC.maxDisplayNameLength));
            }}
            clearable
          />
          <TextInput
            label="Or import from a URL"
            placeholder="https://example.com/bed.mp3"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
        </Group>
        <Group align="flex-end" grow>
          <TextInput
            label="Display name"
            value={name}
            maxLength={MUSIC.maxDisplayNameLength}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TagsInput label="Mood tags" value={moods} onChange={setMoods} maxTags={MUSIC.maxMoodTags} placeholder="calm, upbeat…" />
        </Group>
        <Text size="xs" c="dimmed">
          An address is fetched by this server (public addresses only, up to {MEDIA.libraryMaxMb} MB) and checked like an upload.
        </Text>
        {problem && (
          <Alert color="red" data-testid="music-upload-problem">
            {problem}
          </Alert>
        )}
        {progress !== null && <Progress value={progress} aria-label="Upload progress" animated />}
        <Group justify="flex-end">
          {progress !== null && (
            <Button variant="default" onClick={() => cancel.current?.abort()}>
              Cancel upload
            </Button>
          )}
          <Button variant="default" onClick={importFromUrl} loading={importUrl.isPending} disabled={busy && !importUrl.isPending}>
            Import from URL
          </Button>
          <Button onClick={() => void upload()} loading={progress !== null} disabled={busy && progress === null}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
