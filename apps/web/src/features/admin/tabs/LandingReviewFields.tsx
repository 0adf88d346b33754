import { ActionIcon, Button, Card, Group, NumberInput, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { LANDING, clampRating } from '@ppp/contracts';
import { EMPTY_REVIEW, type LandingFormApi } from './landing-form.ts';

/** The reviews: one card each (quote, author, role, rating, avatar), with Add review up to the limit. */
export function LandingReviewFields({ form }: { form: LandingFormApi }) {
  const reviews = form.values.reviews;
  return (
    <>
      <Title order={2} size="h4">
        Reviews
      </Title>
      {reviews.map((_, i) => (
        <LandingReviewCard key={i} form={form} index={i} />
      ))}
      <Button
        variant="default"
        onClick={() => form.insertListItem('reviews', { ...EMPTY_REVIEW })}
        disabled={reviews.length >= LANDING.maxReviews}
        w="fit-content"
      >
        Add review
      </Button>
    </>
  );
}

function LandingReviewCard({ form, index: i }: { form: LandingFormApi; index: number }) {
  const reviews = form.values.reviews;
  return (
    <Card withBorder padding="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea label={`Review ${i + 1} quote`} autosize {...form.getInputProps(`reviews.${i}.quote`)} />
        <Stack gap="xs">
          <TextInput label="Author" {...form.getInputProps(`reviews.${i}.author`)} />
          <TextInput label="Role" {...form.getInputProps(`reviews.${i}.role`)} />
        </Stack>
        <NumberInput
          label="Rating (0-5)"
          min={LANDING.ratingMin}
          max={LANDING.ratingMax}
          step={0.1}
          decimalScale={1}
          value={reviews[i]?.rating ?? LANDING.ratingDefault}
          onChange={(v) => form.setFieldValue(`reviews.${i}.rating`, clampRating(v))}
        />
        <TextInput
          label="Avatar URL"
          value={reviews[i]?.avatar_url ?? ''}
          onChange={(e) => form.setFieldValue(`reviews.${i}.avatar_url`, e.currentTarget.value || null)}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <ActionIcon
          variant="subtle"
          color="red"
          disabled={reviews.length <= 1}
          onClick={() => form.removeListItem('reviews', i)}
          aria-label={`Remove review ${i + 1}`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Card>
  );
}
