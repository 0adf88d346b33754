import { Alert, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { ONBOARDING_MESSAGES, PODCAST_MESSAGES } from '@ppp/contracts';
import { useCoverChoice } from '../use-cover-choice.ts';
import { CoverLibrary } from './CoverLibrary.tsx';
import type { StepProps } from './step-props.ts';

function CoverPreview({ coverArt }: { coverArt: StepProps['state']['coverArt'] }) {
  if (coverArt) return <Image src={coverArt.path} alt="Your cover art" w={180} h={180} radius="md" fit="cover" />;
  return (
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
  );
}

/**
 * Cover art, existing or uploaded, PNG or JPEG (spec 002 section 5): an upload is stored at once, so a
 * reload keeps it; an image already in the library is picked as it is.
 */
export function CoverArtStep({ state, update, error }: StepProps) {
  const { covers, uploading, problem, resetInput, choose, pick } = useCoverChoice(update);
  const message = problem ?? (error === ONBOARDING_MESSAGES.coverRequired ? error : null);
  return (
    <Stack>
      <Group align="flex-start" gap="lg">
        <CoverPreview coverArt={state.coverArt} />
        <Stack gap="xs" maw={320}>
          <Text size="sm">{PODCAST_MESSAGES.coverHint}</Text>
          <FileButton resetRef={resetInput} onChange={(file) => void choose(file)} accept="image/png,image/jpeg">
            {(props) => (
              <Button
                {...props}
                loading={uploading}
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
      <CoverLibrary covers={covers} chosen={state.coverArt?.filename ?? null} onPick={pick} />
    </Stack>
  );
}
