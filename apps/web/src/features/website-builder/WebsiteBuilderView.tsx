import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Grid, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconExternalLink, IconSparkles, IconWorldUpload } from '@tabler/icons-react';
import { WEBSITE_MESSAGES, type TWebsite } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { WebsitePreview } from './WebsitePreview.tsx';
import { WebsiteChat } from './WebsiteChat.tsx';
import { WebsiteVersions } from './WebsiteVersions.tsx';
import { WebsiteDomainForm } from './WebsiteDomainForm.tsx';

const STATUS_COLOURS: Record<TWebsite['status'], string> = { draft: 'gray', published: 'green', updating: 'yellow' };

/** Spec 002 §2.13: choose a show, generate its site, change it by chat, undo or restore, set a domain, publish. */
export function WebsiteBuilderView() {
  const shows = trpc.podcasts.list.useQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const podcastId = chosen ?? shows.data?.[0]?.id ?? null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <div>
          <Title order={1} size="h2">
            Website Builder
          </Title>
          <Text c="dimmed">A public site for your show, written for you and changed by chatting.</Text>
        </div>
        {shows.data && shows.data.length > 0 && (
          <Select
            label="Show"
            data={shows.data.map((s) => ({ value: s.id, label: s.name }))}
            value={podcastId}
            onChange={setChosen}
            allowDeselect={false}
            w={280}
          />
        )}
      </Group>
      {shows.isError && <Alert color="red">{WEBSITE_MESSAGES.loadFailed}</Alert>}
      {shows.data?.length === 0 && <Alert>Create a show in My Podcasts first; its website is built from it.</Alert>}
      {podcastId && <ShowWebsite key={podcastId} podcastId={podcastId} />}
    </Stack>
  );
}

function ShowWebsite({ podcastId }: { podcastId: string }) {
  const utils = trpc.useUtils();
  const site = trpc.website.get.useQuery({ podcast_id: podcastId }, { retry: false });
  const refresh = async (next: TWebsite) => {
    utils.website.get.setData({ podcast_id: podcastId }, next);
    await Promise.all([
      utils.website.preview.invalidate({ podcast_id: podcastId }),
      utils.website.versions.invalidate({ podcast_id: podcastId }),
    ]);
  };
  const fail = (title: string) => (err: unknown) =>
    notifications.show({ color: 'red', title, message: toApiFailure(err).message ?? WEBSITE_MESSAGES.updateFailed });
  const generate = trpc.website.generate.useMutation({ onSuccess: refresh, onError: fail(WEBSITE_MESSAGES.generateFailed) });
  const publish = trpc.website.publish.useMutation({ onSuccess: refresh, onError: fail(WEBSITE_MESSAGES.updateFailed) });
  const undo = trpc.website.undo.useMutation({ onSuccess: refresh, onError: fail(WEBSITE_MESSAGES.updateFailed) });

  const missing = site.isError && toApiFailure(site.error).status === 404;
  if (site.isLoading) return <Loader aria-label="Loading site" />;
  if (site.isError && !missing) return <Alert color="red">{WEBSITE_MESSAGES.loadFailed}</Alert>;
  if (missing || !site.data) {
    return (
      <Card withBorder padding="xl">
        <Stack align="start">
          <Title order={2} size="h3">
            No site yet
          </Title>
          <Text>Generate a draft from your show: its name, description, cover colours, latest episodes, hosts and subscribe links.</Text>
          <Button
            leftSection={<IconSparkles size={18} />}
            loading={generate.isPending}
            onClick={() => generate.mutate({ podcast_id: podcastId })}
          >
            Generate
          </Button>
        </Stack>
      </Card>
    );
  }
  const website = site.data;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={700}>Status</Text>
              <Badge color={STATUS_COLOURS[website.status]} data-testid="website-status">
                {website.status}
              </Badge>
              {website.published_version && (
                <Anchor href={website.public_url} target="_blank" rel="noopener" size="sm">
                  {website.public_url} <IconExternalLink size={14} aria-hidden="true" />
                </Anchor>
              )}
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={18} />}
                disabled={!website.can_undo}
                loading={undo.isPending}
                onClick={() => undo.mutate({ podcast_id: podcastId })}
              >
                Undo
              </Button>
              <Button
                variant="default"
                leftSection={<IconSparkles size={18} />}
                loading={generate.isPending}
                onClick={() => generate.mutate({ podcast_id: podcastId })}
              >
                Generate
              </Button>
              <Button
                leftSection={<IconWorldUpload size={18} />}
                loading={publish.isPending}
                disabled={website.status === 'published'}
                onClick={() => publish.mutate({ podcast_id: podcastId })}
              >
                Publish
              </Button>
            </Group>
          </Group>
          <WebsitePreview podcastId={podcastId} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="lg">
          <WebsiteChat podcastId={podcastId} website={website} onChanged={refresh} />
          <WebsiteVersions podcastId={podcastId} onRestored={refresh} />
          <WebsiteDomainForm podcastId={podcastId} website={website} onSaved={refresh} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
