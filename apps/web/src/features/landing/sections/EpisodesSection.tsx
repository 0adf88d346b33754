import { Card, Container, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TPublicEpisode } from '@ppp/contracts';

function EpisodeCard({ episode }: { episode: TPublicEpisode }) {
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={`episode-${episode.id}`}>
      {episode.cover_url && (
        <Card.Section>
          <Image src={episode.cover_url} alt={`Cover of ${episode.title}`} h={180} fit="cover" loading="lazy" />
        </Card.Section>
      )}
      <Stack gap="xs" mt="md">
        <Title order={3} size="h5" id={`episode-${episode.id}`}>
          {episode.title}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {episode.description}
        </Text>
        <audio controls preload="none" src={episode.final_audio_url} aria-label={`Play ${episode.title}`} style={{ width: '100%' }} />
      </Stack>
    </Card>
  );
}

/** Recent published episodes with players; nothing at all when there are none. */
export function EpisodesSection({ episodes }: { episodes: TPublicEpisode[] }) {
  if (episodes.length === 0) return null;
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="episodes-title">
      <Title order={2} ta="center" mb="xl" id="episodes-title">
        Fresh from the studio
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {episodes.map((episode) => (
          <EpisodeCard key={episode.id} episode={episode} />
        ))}
      </SimpleGrid>
    </Container>
  );
}
