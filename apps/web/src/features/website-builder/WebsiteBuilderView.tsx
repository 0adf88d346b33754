import { useState } from 'react';
import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { WEBSITE_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { ShowWebsite } from './ShowWebsite.tsx';

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
