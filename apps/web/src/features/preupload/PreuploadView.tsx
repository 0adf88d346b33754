import { useState } from 'react';
import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconMicrophone, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MEDIA_MESSAGES, type TMe } from '@ppp/contracts';
import { PreuploadForm } from './PreuploadForm.tsx';
import { ProcessedUploadsList } from './ProcessedUploadsList.tsx';
import { BackgroundUploadsCard } from './BackgroundUploadsCard.tsx';
import { RECORD_PATH } from '../workspace/workspace-nav.ts';

/** How to start: record now (the recorder) or upload a file (the upload form). */
function StartChooser({ onUpload }: { onUpload(): void }) {
  return (
    <Stack gap="md">
      <Title order={1}>{MEDIA_MESSAGES.startChooserTitle}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <UnstyledButton component={Link} to={RECORD_PATH} aria-label="Record Your Podcast Now">
          <Card withBorder padding="lg" h="100%">
            <Stack gap="xs" align="flex-start">
              <ThemeIcon size={40} radius="xl" variant="light" color="red">
                <IconMicrophone size={22} aria-hidden="true" />
              </ThemeIcon>
              <Text fw={700}>Record Your Podcast Now</Text>
              <Text size="sm" c="dimmed">
                Record in the browser and send it straight to processing.
              </Text>
            </Stack>
          </Card>
        </UnstyledButton>
        <UnstyledButton onClick={onUpload} aria-label="Upload and use processed audio">
          <Card withBorder padding="lg" h="100%">
            <Stack gap="xs" align="flex-start">
              <ThemeIcon size={40} radius="xl" variant="light">
                <IconUpload size={22} aria-hidden="true" />
              </ThemeIcon>
              <Text fw={700}>Upload and use processed audio</Text>
              <Text size="sm" c="dimmed">
                Upload a recording; it is transcribed and checked for Flubber, Intern and sound-effect cues.
              </Text>
            </Stack>
          </Card>
        </UnstyledButton>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {MEDIA_MESSAGES.emailWhenTranscribed}
      </Text>
    </Stack>
  );
}

/** The pre-upload flow (spec 001 'Pre-upload flow', spec 002 §2.11): start chooser, upload form, processed uploads. */
export function PreuploadView({ me }: { me: TMe }) {
  const [step, setStep] = useState<'choose' | 'upload'>('choose');
  return (
    <Stack gap="lg" maw={860}>
      {step === 'choose' ? (
        <StartChooser onUpload={() => setStep('upload')} />
      ) : (
        <PreuploadForm me={me} onCancel={() => setStep('choose')} />
      )}
      <BackgroundUploadsCard />
      <section aria-labelledby="processed-uploads-title">
        <Title order={2} size="h3" mb="sm" id="processed-uploads-title">
          Processed uploads
        </Title>
        <ProcessedUploadsList />
      </section>
    </Stack>
  );
}
