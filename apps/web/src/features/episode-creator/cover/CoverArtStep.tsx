import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Alert, Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { CREATOR_STEP_COPY, EPISODE_CREATOR, EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { CoverEditor } from './CoverEditor.tsx';
import { coverFileProblem, coverUploadName, readCoverMode, writeCoverMode } from './cover-file.ts';
import { cropString, initialSquare, type CoverMode, type CropSquare } from './cover-math.ts';
import { loadImage, renderCoverJpeg } from './cover-render.ts';
import { CoverUploadError, uploadCover } from './cover-upload.ts';
import { trpc } from '../../../lib/trpc.ts';

export interface CoverChoice {
  cover_image_path: string;
  cover_crop: string | null;
  preview_url: string;
}

interface Props {
  value: CoverChoice | null;
  onChange(value: CoverChoice | null): void;
  onBack(): void;
  onContinue(): void;
  onSkip(): void;
}

/** A picked file being edited: its decoded image and the crop square. */
interface Pending {
  file: File;
  url: string;
  image: HTMLImageElement;
  square: CropSquare;
}

function usePendingCover() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );

  function release() {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = null;
    setPending(null);
  }

  async function pick(file: File | null) {
    if (!file) return;
    const problem = coverFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      const image = await loadImage(url);
      release();
      current.current = url;
      setError(null);
      setPending({ file, url, image, square: initialSquare({ width: image.naturalWidth, height: image.naturalHeight }) });
    } catch {
      URL.revokeObjectURL(url);
      setError(EPISODE_CREATOR_MESSAGES.coverProcessingFailed);
    }
  }

  return { pending, setPending, error, setError, pick, release };
}

function DropArea({ onFile, children }: { onFile(file: File | null): void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0] ?? null);
  }
  return (
    <Paper
      withBorder
      p="xl"
      radius="md"
      data-testid="cover-drop-area"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{ borderStyle: 'dashed', borderWidth: 2, background: over ? 'var(--mantine-color-blue-0)' : undefined }}
    >
      {children}
    </Paper>
  );
}

/** Step 4 Cover Art (spec 000 §2, §5): drag-drop or choose, crop or pad, upload, Replace, Remove, Skip, Continue. */
export function CoverArtStep({ value, onChange, onBack, onContinue, onSkip }: Props) {
  const { pending, setPending, error, setError, pick, release } = usePendingCover();
  const [mode, setMode] = useState<CoverMode>(() => readCoverMode());
  const [uploading, setUploading] = useState(false);
  const utils = trpc.useUtils();

  function changeMode(next: CoverMode) {
    setMode(next);
    writeCoverMode(next);
  }

  async function uploadAndContinue(cover: Pending) {
    setUploading(true);
    setError(null);
    let blob: Blob;
    try {
      blob = await renderCoverJpeg(cover.image, mode, cover.square);
    } catch {
      setUploading(false);
      setError(EPISODE_CREATOR_MESSAGES.coverProcessingFailed);
      return;
    }
    try {
      const stored = await uploadCover(
        (form, signal) => utils.client.mediaUploads.episodeCover.mutate(form, { signal }),
        blob,
        coverUploadName(cover.file.name),
      );
      onChange({
        cover_image_path: stored.filename,
        cover_crop: mode === 'crop' ? cropString(cover.square) : null,
        preview_url: stored.preview_url,
      });
      notifications.show({ color: 'green', title: EPISODE_CREATOR_MESSAGES.coverSaved, message: cover.file.name });
      release();
      onContinue();
    } catch (err) {
      const message = err instanceof CoverUploadError ? err.message : EPISODE_CREATOR_MESSAGES.coverUploadFailed;
      setError(message);
      notifications.show({ color: 'red', title: EPISODE_CREATOR_MESSAGES.coverUploadFailed, message });
    } finally {
      setUploading(false);
    }
  }

  function remove() {
    release();
    setError(null);
    onChange(null);
  }

  const chooser = (label: string, variant: string) => (
    <FileButton onChange={(file) => void pick(file)} accept="image/*">
      {(props) => (
        <Button {...props} variant={variant} leftSection={<IconUpload size={16} />} disabled={uploading}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Stack gap="lg" data-testid="cover-art-step">
      <Stack gap={4}>
        <Title order={2}>{CREATOR_STEP_COPY.coverTitle}</Title>
        <Text c="dimmed" size="sm">
          {CREATOR_STEP_COPY.coverRecommended}
        </Text>
      </Stack>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {pending ? (
        <CoverEditor
          image={pending.image}
          mode={mode}
          square={pending.square}
          onModeChange={changeMode}
          onSquareChange={(square) => setPending({ ...pending, square })}
        />
      ) : value ? (
        <Group gap="lg" align="center">
          <Image
            src={value.preview_url}
            alt="Episode cover"
            w={EPISODE_CREATOR.coverPreviewPx}
            h={EPISODE_CREATOR.coverPreviewPx}
            radius="md"
            fit="cover"
            data-testid="cover-saved-preview"
          />
          <Text size="sm" c="dimmed">
            {value.cover_image_path}
          </Text>
        </Group>
      ) : (
        <DropArea onFile={(file) => void pick(file)}>
          <Stack align="center" gap="sm">
            <IconPhoto size={40} stroke={1.5} aria-hidden="true" />
            <Text fw={600}>Drag an image here or choose a file</Text>
            {chooser('Choose image', 'light')}
          </Stack>
        </DropArea>
      )}
      {(pending || value) && (
        <Group gap="sm">
          {chooser('Replace', 'default')}
          <Button variant="subtle" color="red" onClick={remove} disabled={uploading}>
            Remove
          </Button>
        </Group>
      )}
      <Group justify="space-between" wrap="wrap">
        <Button variant="default" onClick={onBack} disabled={uploading}>
          Back
        </Button>
        <Group gap="sm">
          <Button variant="subtle" onClick={onSkip} disabled={uploading}>
            Skip
          </Button>
          <Button onClick={() => (pending ? void uploadAndContinue(pending) : onContinue())} loading={uploading}>
            {pending ? CREATOR_STEP_COPY.uploadAndContinue : 'Continue'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
