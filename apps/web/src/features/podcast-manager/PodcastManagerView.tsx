import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { ONBOARDING_FROM_MANAGER_PATH, type TPodcast } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { ShowCard, type ShowAction } from './ShowCard.tsx';
import { SetupWizardDialog } from './SetupWizardDialog.tsx';
import { EditPodcastDialog } from './EditPodcastDialog.tsx';
import { DeleteShowDialog } from './DeleteShowDialog.tsx';
import { DistributionChecklistDialog } from './DistributionChecklistDialog.tsx';
import { SpreakerConnection } from './SpreakerConnection.tsx';
import { showIdError } from './show-form.ts';
import { fullPageOnboarding } from '../onboarding/onboarding-storage.ts';

/** My Podcasts (spec 001 'Manage Podcasts'): show cards, the setup wizard, Edit Podcast, delete, distribution, hosting. */
export function PodcastManagerView() {
  const utils = trpc.useUtils();
  const shows = trpc.podcasts.list.useQuery();
  const link = trpc.podcasts.linkSpreakerShow.useMutation();
  const useBuiltin = trpc.podcasts.useBuiltinHost.useMutation();
  const [wizard, setWizard] = useState(false);
  const navigate = useNavigate();
  // New show: the full-page onboarding when its flag is on or unset, else the setup wizard dialog.
  const newShow = () => (fullPageOnboarding() ? void navigate(ONBOARDING_FROM_MANAGER_PATH) : setWizard(true));
  const [editing, setEditing] = useState<TPodcast | null>(null);
  const [deleting, setDeleting] = useState<TPodcast | null>(null);
  const [checklist, setChecklist] = useState<TPodcast | null>(null);
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');

  // ?edit={id}: a feed check item's link opens that show's Edit Podcast.
  const linked = editId ? (shows.data?.find((s) => s.id === editId) ?? null) : null;
  const editShow = editing ?? linked;
  function closeEdit() {
    setEditing(null);
    if (!editId) return;
    setParams(
      (current) => {
        current.delete('edit');
        current.delete('field');
        return current;
      },
      { replace: true },
    );
  }

  async function linkExisting(show: TPodcast) {
    const answer = window.prompt('Spreaker Show ID to link');
    if (answer === null) return;
    const invalid = showIdError(answer);
    if (invalid) return void notifications.show({ color: 'red', title: 'Failed to link', message: invalid });
    try {
      await link.mutateAsync({ id: show.id, show_id: answer.trim() });
      await utils.podcasts.list.invalidate();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Failed to link', message: toApiFailure(err).message ?? 'Failed to link' });
    }
  }

  function act(action: ShowAction, show: TPodcast) {
    if (action === 'edit') setEditing(show);
    if (action === 'delete') setDeleting(show);
    if (action === 'checklist') setChecklist(show);
    if (action === 'link') void linkExisting(show);
    if (action === 'builtin') void useBuiltin.mutateAsync({ id: show.id }).then(() => utils.podcasts.list.invalidate());
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>My Podcasts</Title>
          <Text c="dimmed">Your shows, where they are hosted, and their public feeds.</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={newShow}>
          New show
        </Button>
      </Group>
      {shows.isPending && <Loader aria-label="Loading shows" />}
      {shows.isError && <Alert color="red">{toApiFailure(shows.error).message ?? 'Unable to load shows.'}</Alert>}
      {shows.data?.length === 0 && (
        <Card withBorder padding="xl">
          <Stack align="flex-start">
            <Text fw={650}>No shows yet</Text>
            <Text size="sm" c="dimmed">
              Create your first show: it gets a public RSS feed right away.
            </Text>
            <Button onClick={newShow}>Set up a show</Button>
          </Stack>
        </Card>
      )}
      {shows.data?.map((show) => (
        <ShowCard key={show.id} show={show} onAction={act} />
      ))}
      <Card withBorder padding="md">
        <SpreakerConnection />
      </Card>
      <SetupWizardDialog opened={wizard} onClose={() => setWizard(false)} />
      <EditPodcastDialog show={editShow} onClose={closeEdit} />
      <DeleteShowDialog show={deleting} onClose={() => setDeleting(null)} />
      <DistributionChecklistDialog show={checklist} onClose={() => setChecklist(null)} />
    </Stack>
  );
}
