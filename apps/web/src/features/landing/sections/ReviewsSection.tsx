import { Avatar, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TLandingContent, TLandingReview } from '@ppp/contracts';
import { RatingStars } from './RatingStars.tsx';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

function ReviewCard({ review }: { review: TLandingReview }) {
  return (
    <Card withBorder padding="lg" radius="md" component="figure" m={0}>
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="sm">
          <RatingStars rating={review.rating} />
          {review.quote && (
            <Text component="blockquote" m={0} fz="md" lh={1.6}>
              “{review.quote}”
            </Text>
          )}
        </Stack>
        {(review.author || review.role) && (
          <Group gap="sm" wrap="nowrap" component="figcaption">
            <Avatar src={review.avatar_url} alt="" color="violet" radius="xl">
              {initials(review.author)}
            </Avatar>
            <div>
              {review.author && (
                <Text fw={700} size="sm">
                  {review.author}
                </Text>
              )}
              {review.role && (
                <Text c="dimmed" size="sm">
                  {review.role}
                </Text>
              )}
            </div>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The #testimonials section: editable heading, summary and reviews with rating stars. */
export function ReviewsSection({ content }: { content: Pick<TLandingContent, 'reviews_heading' | 'reviews_summary' | 'reviews'> }) {
  return (
    <Container size="lg" py="xl" id="testimonials" component="section" aria-labelledby="testimonials-title">
      <Title order={2} ta="center" mb="xs" id="testimonials-title">
        {content.reviews_heading}
      </Title>
      <Text c="dimmed" ta="center" mb="xl">
        {content.reviews_summary}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {content.reviews.map((review, i) => (
          <ReviewCard key={`${review.author}-${i}`} review={review} />
        ))}
      </SimpleGrid>
    </Container>
  );
}
