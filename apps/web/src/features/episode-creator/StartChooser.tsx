import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { IconMicrophone, IconUpload } from '@tabler/icons-react';
import { EPISODE_CREATOR_SHELL, MEDIA_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { RECORD_PATH } from '../workspace/workspace-nav.ts';

interface ChoiceCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
}

/** A start choice's card: icon, title and what it does. */
function ChoiceCard({ icon, title, description, children }: ChoiceCardProps) {
  return (
    <Card withBorder padding="lg" h="100%">
      <Stack gap="xs" align="flex-start">
        {icon}
        <Text fw={700}>{title}</Text>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** Loads the uploads before starting with processed audio; the failure's message is kept for 'Try again'. */
function useChooseProcessed(onStart: () => void) {
  const utils = trpc.useUtils();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function chooseProcessed() {
    setLoading(true);
    setError(null);
    try {
      await utils.media.mainContent.fetch();
      onStart();
    } catch (err) {
      setError(toApiFailure(err).message ?? MEDIA_MESSAGES.unableToUploadAudio);
    } finally {
      setLoading(false);
    }
  }
  return { loading, error, choose: () => void chooseProcessed() };
}

/**
 * 'How do you want to start?' (spec 000 §2). 'Record Your Podcast Now' opens the Recorder, whose
 * 'Create episode' comes back here with the recording. Choosing processed audio loads the uploads
 * first; a failure shows its message with 'Try again'.
 */
export function StartChooser({ onStart }: { onStart(): void }) {
  const { loading, error, choose } = useChooseProcessed(onStart);
  return (
    <Stack gap="md">
      <Title order={2}>{EPISODE_CREATOR_SHELL.startTitle}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <UnstyledButton component={Link} to={RECORD_PATH} aria-label={EPISODE_CREATOR_SHELL.recordNow} data-testid="record-card">
          <ChoiceCard
            icon={
              <ThemeIcon size={40} radius="xl" variant="light" color="red">
                <IconMicrophone size={22} aria-hidden="true" />
              </ThemeIcon>
            }
            title={EPISODE_CREATOR_SHELL.recordNow}
            description={EPISODE_CREATOR_SHELL.recordDescription}
          />
        </UnstyledButton>
        <UnstyledButton onClick={choose} disabled={loading} aria-label={EPISODE_CREATOR_SHELL.useProcessed}>
          <ChoiceCard
            icon={
              <ThemeIcon size={40} radius="xl" variant="light">
                <IconUpload size={22} aria-hidden="true" />
              </ThemeIcon>
            }
            title={EPISODE_CREATOR_SHELL.useProcessed}
            description="Pick a recording you uploaded, or upload one now; it is transcribed and checked for Flubber, Intern and sound-effect cues."
          >
            {loading && (
              <Text size="xs" c="dimmed">
                Loading your uploads…
              </Text>
            )}
          </ChoiceCard>
        </UnstyledButton>
      </SimpleGrid>
      {error && (
        <Alert color="red" role="alert" title={error}>
          <Button size="xs" variant="light" onClick={choose}>
            {EPISODE_CREATOR_SHELL.tryAgain}
          </Button>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {EPISODE_CREATOR_SHELL.emailNote}
      </Text>
    </Stack>
  );
}
