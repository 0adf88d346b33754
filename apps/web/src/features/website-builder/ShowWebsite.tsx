import { Alert, Anchor, Badge, Button, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconExternalLink, IconSparkles, IconWorldUpload } from '@tabler/icons-react';
import { WEBSITE_MESSAGES, type TWebsite } from '@ppp/contracts';
import { useShowWebsite, type TShowWebsite } from './use-show-website.ts';
import { WebsitePreview } from './WebsitePreview.tsx';
import { WebsiteChat } from './WebsiteChat.tsx';
import { WebsiteVersions } from './WebsiteVersions.tsx';
import { WebsiteDomainForm } from './WebsiteDomainForm.tsx';

const STATUS_COLOURS: Record<TWebsite['status'], string> = { draft: 'gray', published: 'green', updating: 'yellow' };

function NoSiteYet({ generating, onGenerate }: { generating: boolean; onGenerate(): void }) {
  return (
    <Card withBorder padding="xl">
      <Stack align="start">
        <Title order={2} size="h3">
          No site yet
        </Title>
        <Text>Generate a draft from your show: its name, description, cover colours, latest episodes, hosts and subscribe links.</Text>
        <Button leftSection={<IconSparkles size={18} />} loading={generating} onClick={onGenerate}>
          Generate
        </Button>
      </Stack>
    </Card>
  );
}

function WebsiteStatus({ website }: { website: TWebsite }) {
  return (
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
  );
}

function WebsiteActions({ podcastId, website, actions }: { podcastId: string; website: TWebsite; actions: TShowWebsite }) {
  const { undo, generate, publish } = actions;
  return (
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
  );
}

/** A show's site: its status and actions over the preview, and beside them the chat, the versions and the domain. */
export function ShowWebsite({ podcastId }: { podcastId: string }) {
  const actions = useShowWebsite(podcastId);
  const { site, missing, refresh, generate } = actions;
  if (site.isLoading) return <Loader aria-label="Loading site" />;
  if (site.isError && !missing) return <Alert color="red">{WEBSITE_MESSAGES.loadFailed}</Alert>;
  if (missing || !site.data) {
    return <NoSiteYet generating={generate.isPending} onGenerate={() => generate.mutate({ podcast_id: podcastId })} />;
  }
  const website = site.data;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="sm">
          <Group justify="space-between">
            <WebsiteStatus website={website} />
            <WebsiteActions podcastId={podcastId} website={website} actions={actions} />
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
