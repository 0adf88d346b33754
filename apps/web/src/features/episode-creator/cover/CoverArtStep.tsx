import { useState } from 'react';
import { Alert, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { CREATOR_STEP_COPY, EPISODE_CREATOR } from '@ppp/contracts';
import { CoverEditor } from './CoverEditor.tsx';
import { CoverChooser, CoverDropArea } from './CoverDropArea.tsx';
import { readCoverMode, writeCoverMode } from './cover-file.ts';
import type { CoverMode } from './cover-math.ts';
import { useCoverUpload, type CoverChoice } from './use-cover-upload.ts';
import { usePendingCover, type PendingCover } from './use-pending-cover.ts';

export type { CoverChoice } from './use-cover-upload.ts';

interface Props {
  value: CoverChoice | null;
  onChange(value: CoverChoice | null): void;
  onBack(): void;
  onContinue(): void;
  onSkip(): void;
}

/** The stored cover as step 5 will send it. */
function SavedCover({ value }: { value: CoverChoice }) {
  return (
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
  );
}

interface NavProps {
  pending: PendingCover | null;
  uploading: boolean;
  onBack(): void;
  onSkip(): void;
  onNext(): void;
}

/** Back, Skip, and Continue (Upload & Continue while an image is being edited). */
function CoverNav({ pending, uploading, onBack, onSkip, onNext }: NavProps) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Button variant="default" onClick={onBack} disabled={uploading}>
        Back
      </Button>
      <Group gap="sm">
        <Button variant="subtle" onClick={onSkip} disabled={uploading}>
          Skip
        </Button>
        <Button onClick={onNext} loading={uploading}>
          {pending ? CREATOR_STEP_COPY.uploadAndContinue : 'Continue'}
        </Button>
      </Group>
    </Group>
  );
}

/** The picked image, the cover picked or stored, the crop mode and the upload of step 4. */
function useCoverArtStep({ onChange, onContinue }: Pick<Props, 'onChange' | 'onContinue'>) {
  const cover = usePendingCover();
  const [mode, setMode] = useState<CoverMode>(() => readCoverMode());
  const { uploading, upload } = useCoverUpload({
    mode,
    setError: cover.setError,
    onUploaded(choice) {
      onChange(choice);
      cover.release();
      onContinue();
    },
  });
  function changeMode(next: CoverMode) {
    setMode(next);
    writeCoverMode(next);
  }
  function remove() {
    cover.release();
    cover.setError(null);
    onChange(null);
  }
  const next = () => (cover.pending ? void upload(cover.pending) : onContinue());
  return { ...cover, mode, changeMode, uploading, remove, next, pickFile: (file: File | null) => void cover.pick(file) };
}

/** Step 4 Cover Art (spec 000 §2, §5): drag-drop or choose, crop or pad, upload, Replace, Remove, Skip, Continue. */
export function CoverArtStep({ value, onChange, onBack, onContinue, onSkip }: Props) {
  const { pending, setPending, error, mode, changeMode, uploading, remove, next, pickFile } = useCoverArtStep({ onChange, onContinue });
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
        <SavedCover value={value} />
      ) : (
        <CoverDropArea onFile={pickFile} disabled={uploading} />
      )}
      {(pending || value) && (
        <Group gap="sm">
          <CoverChooser label="Replace" variant="default" disabled={uploading} onFile={pickFile} />
          <Button variant="subtle" color="red" onClick={remove} disabled={uploading}>
            Remove
          </Button>
        </Group>
      )}
      <CoverNav pending={pending} uploading={uploading} onBack={onBack} onSkip={onSkip} onNext={next} />
    </Stack>
  );
}
