import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { ONBOARDING, ONBOARDING_MESSAGES, PODCAST_MESSAGES, coverUploadForm } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { CoverLibrary } from './CoverLibrary.tsx';
import type { StepProps } from './step-props.ts';

/**
 * Cover art, existing or uploaded, PNG or JPEG (spec 002 section 5): an upload is stored at once, so a
 * reload keeps it; an image already in the library is picked as it is.
 */
export function CoverArtStep({ state, update, error }: StepProps) {
  const upload = trpc.mediaUploads.cover.useMutation();
  const [problem, setProblem] = useState<string | null>(null);
  // Cleared after each choice, so choosing the same file again (a retry after a failure) is seen.
  const resetInput = useRef<() => void>(null);
  // The picker is extra: when the list cannot load, uploading still works.
  const covers = trpc.media.covers.useQuery(undefined, { retry: false });

  async function choose(file: File | null) {
    resetInput.current?.();
    if (!file) return;
    if (!(ONBOARDING.coverTypes as readonly string[]).includes(file.type)) {
      setProblem(ONBOARDING_MESSAGES.coverType);
      return;
    }
    setProblem(null);
    try {
      const stored = await upload.mutateAsync(coverUploadForm(file, file.name));
      update({ coverArt: { filename: stored.filename, path: stored.path } });
      void covers.refetch();
    } catch (err) {
      // The server's reason when it gave one (a refused file says why); otherwise it or the network failed.
      setProblem(messageOf(err, ONBOARDING_MESSAGES.coverUploadFailed));
    }
  }

  const message = problem ?? (error === ONBOARDING_MESSAGES.coverRequired ? error : null);
  return (
    <Stack>
      <Group align="flex-start" gap="lg">
        {state.coverArt ? (
          <Image src={state.coverArt.path} alt="Your cover art" w={180} h={180} radius="md" fit="cover" />
        ) : (
          <Stack
            w={180}
            h={180}
            justify="center"
            align="center"
            bd="2px dashed var(--mantine-color-gray-4)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <IconPhotoUp size={40} color="var(--mantine-color-gray-6)" aria-hidden="true" />
            <Text size="xs" c="dimmed">
              No cover yet
            </Text>
          </Stack>
        )}
        <Stack gap="xs" maw={320}>
          <Text size="sm">{PODCAST_MESSAGES.coverHint}</Text>
          <FileButton resetRef={resetInput} onChange={(file) => void choose(file)} accept="image/png,image/jpeg">
            {(props) => (
              <Button
                {...props}
                loading={upload.isPending}
                variant={state.coverArt ? 'default' : 'filled'}
                leftSection={<IconPhotoUp size={18} />}
              >
                {state.coverArt ? 'Choose another image' : 'Choose an image'}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
      {message ? (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      ) : null}
      <CoverLibrary
        covers={covers.data ?? []}
        chosen={state.coverArt?.filename ?? null}
        onPick={(cover) => {
          setProblem(null);
          update({ coverArt: { filename: cover.filename, path: cover.path } });
        }}
      />
    </Stack>
  );
}
