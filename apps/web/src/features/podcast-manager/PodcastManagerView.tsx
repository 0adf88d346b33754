import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ONBOARDING_FROM_MANAGER_PATH } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { ShowCard } from './ShowCard.tsx';
import { SetupWizardDialog } from './SetupWizardDialog.tsx';
import { EditPodcastDialog } from './EditPodcastDialog.tsx';
import { DeleteShowDialog } from './DeleteShowDialog.tsx';
import { DistributionChecklistDialog } from './DistributionChecklistDialog.tsx';
import { SpreakerConnection } from './SpreakerConnection.tsx';
import { useShowActions } from './use-show-actions.ts';
import { fullPageOnboarding } from '../onboarding/onboarding-storage.ts';
import { useCan } from '../team/use-workspace.ts';

/** My Podcasts (spec 001 'Manage Podcasts'): show cards, the setup wizard, Edit Podcast, delete, distribution, hosting. */
export function PodcastManagerView() {
  const shows = trpc.podcasts.list.useQuery();
  const actions = useShowActions(shows.data);
  const [wizard, setWizard] = useState(false);
  const navigate = useNavigate();
  // Shows are created and hosted by who manages the workspace (its owner and admins).
  const manages = useCan('manage');
  // New show: the full-page onboarding when its flag is on or unset, else the setup wizard dialog.
  const newShow = () => (fullPageOnboarding() ? void navigate(ONBOARDING_FROM_MANAGER_PATH) : setWizard(true));

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>My Podcasts</Title>
          <Text c="dimmed">Your shows, where they are hosted, and their public feeds.</Text>
        </div>
        {manages && (
          <Button leftSection={<IconPlus size={16} />} onClick={newShow}>
            New show
          </Button>
        )}
      </Group>
      {shows.isPending && <Loader aria-label="Loading shows" />}
      {shows.isError && <Alert color="red">{toApiFailure(shows.error).message ?? 'Unable to load shows.'}</Alert>}
      {shows.data?.length === 0 && manages && <NoShowsCard onNewShow={newShow} />}
      {shows.data?.map((show) => (
        <ShowCard key={show.id} show={show} onAction={actions.act} />
      ))}
      {manages && (
        <Card withBorder padding="md">
          <SpreakerConnection />
        </Card>
      )}
      <SetupWizardDialog opened={wizard} onClose={() => setWizard(false)} />
      <EditPodcastDialog show={actions.editShow} onClose={actions.closeEdit} />
      <DeleteShowDialog show={actions.deleting} onClose={actions.closeDelete} />
      <DistributionChecklistDialog show={actions.checklist} onClose={actions.closeChecklist} />
    </Stack>
  );
}

function NoShowsCard({ onNewShow }: { onNewShow: () => void }) {
  return (
    <Card withBorder padding="xl">
      <Stack align="flex-start">
        <Text fw={650}>No shows yet</Text>
        <Text size="sm" c="dimmed">
          Create your first show: it gets a public RSS feed right away.
        </Text>
        <Button onClick={onNewShow}>Set up a show</Button>
      </Stack>
    </Card>
  );
}
