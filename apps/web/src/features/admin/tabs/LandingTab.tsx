import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { LANDING, LANDING_MESSAGES, MESSAGES, clampRating, type TLandingContent } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { SafeHtml } from '../../landing/SafeHtml.tsx';
import { ReviewsSection } from '../../landing/sections/ReviewsSection.tsx';
import { FaqSection } from '../../landing/sections/FaqSection.tsx';

type LandingForm = Omit<TLandingContent, 'updated_at'>;

const EMPTY_REVIEW = { quote: '', author: '', role: '', rating: LANDING.ratingDefault, avatar_url: null };
const EMPTY_FAQ = { question: '', answer: '' };

/** Front Page Content: hero HTML (sanitised by the server), reviews, FAQs and headings, with a preview. */
export function LandingTab() {
  const content = trpc.landing.adminContent.useQuery();
  if (content.isError) return <Alert color="red">{LANDING_MESSAGES.loadFailed}</Alert>;
  if (!content.data) return <Loader aria-label="Loading landing content" />;
  const { updated_at: _updated, ...saved } = content.data;
  return <LandingEditor key={content.data.updated_at ?? 'defaults'} saved={saved} />;
}

function LandingEditor({ saved }: { saved: LandingForm }) {
  const utils = trpc.useUtils();
  const update = trpc.landing.update.useMutation();
  const form = useForm<LandingForm>({ mode: 'controlled', initialValues: saved });
  const values = form.values;

  async function submit(next: LandingForm) {
    try {
      const stored = await update.mutateAsync(next);
      utils.landing.adminContent.setData(undefined, stored);
      void utils.landing.content.invalidate();
      notifications.show({ color: 'teal', title: 'Saved', message: 'The front page shows the new content.' });
    } catch (err) {
      notifications.show({ color: 'red', title: LANDING_MESSAGES.saveFailed, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
  }

  return (
    <Tabs defaultValue="edit" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="edit">Edit</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="edit">
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <Stack gap="lg" maw={980}>
            <Textarea
              label="Hero HTML"
              description="Headings, paragraphs, links and emphasis; anything else is removed when saved."
              autosize
              minRows={3}
              {...form.getInputProps('hero_html')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Reviews heading" placeholder="Left empty: the default" {...form.getInputProps('reviews_heading')} />
              <TextInput label="Reviews summary" placeholder="Left empty: the default" {...form.getInputProps('reviews_summary')} />
            </SimpleGrid>
            <Title order={2} size="h4">
              Reviews
            </Title>
            {values.reviews.map((_, i) => (
              <Card key={i} withBorder padding="sm">
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
                    value={values.reviews[i]?.rating ?? LANDING.ratingDefault}
                    onChange={(v) => form.setFieldValue(`reviews.${i}.rating`, clampRating(v))}
                  />
                  <TextInput
                    label="Avatar URL"
                    value={values.reviews[i]?.avatar_url ?? ''}
                    onChange={(e) => form.setFieldValue(`reviews.${i}.avatar_url`, e.currentTarget.value || null)}
                  />
                </SimpleGrid>
                <Group justify="flex-end" mt="xs">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={values.reviews.length <= 1}
                    onClick={() => form.removeListItem('reviews', i)}
                    aria-label={`Remove review ${i + 1}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
            <Button
              variant="default"
              onClick={() => form.insertListItem('reviews', { ...EMPTY_REVIEW })}
              disabled={values.reviews.length >= LANDING.maxReviews}
              w="fit-content"
            >
              Add review
            </Button>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="FAQ heading" placeholder="Left empty: the default" {...form.getInputProps('faq_heading')} />
              <TextInput label="FAQ subheading" placeholder="Left empty: the default" {...form.getInputProps('faq_subheading')} />
            </SimpleGrid>
            <Title order={2} size="h4">
              FAQs
            </Title>
            {values.faqs.map((_, i) => (
              <Card key={i} withBorder padding="sm">
                <Group align="flex-end" wrap="nowrap">
                  <Stack gap="xs" style={{ flex: 1 }}>
                    <TextInput label={`Question ${i + 1}`} {...form.getInputProps(`faqs.${i}.question`)} />
                    <Textarea label="Answer" autosize {...form.getInputProps(`faqs.${i}.answer`)} />
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={values.faqs.length <= 1}
                    onClick={() => form.removeListItem('faqs', i)}
                    aria-label={`Remove FAQ ${i + 1}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
            <Button
              variant="default"
              onClick={() => form.insertListItem('faqs', { ...EMPTY_FAQ })}
              disabled={values.faqs.length >= LANDING.maxFaqs}
              w="fit-content"
            >
              Add FAQ
            </Button>
            <Text size="sm" c="dimmed">
              Entries with nothing filled in are dropped when saved; at least one review and one FAQ remain.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
                Reset
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save front page
              </Button>
            </Group>
          </Stack>
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="preview">
        <Card withBorder padding="lg" data-testid="landing-preview">
          <Stack gap="xl">
            <SafeHtml html={values.hero_html} />
            <ReviewsSection content={values} />
            <FaqSection content={values} variant="centered" />
          </Stack>
        </Card>
      </Tabs.Panel>
    </Tabs>
  );
}
