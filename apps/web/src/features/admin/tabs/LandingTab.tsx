import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LANDING_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { SafeHtml } from '../../landing/SafeHtml.tsx';
import { ReviewsSection } from '../../landing/sections/ReviewsSection.tsx';
import { FaqSection } from '../../landing/sections/FaqSection.tsx';
import type { LandingForm, LandingFormApi } from './landing-form.ts';
import { useLandingSave } from './use-landing-save.ts';
import { LandingReviewFields } from './LandingReviewFields.tsx';
import { LandingFaqFields } from './LandingFaqFields.tsx';

/** Front Page Content: hero HTML (sanitised by the server), reviews, FAQs and headings, with a preview. */
export function LandingTab() {
  const content = trpc.landing.adminContent.useQuery();
  if (content.isError) return <Alert color="red">{LANDING_MESSAGES.loadFailed}</Alert>;
  if (!content.data) return <Loader aria-label="Loading landing content" />;
  const { updated_at: _updated, ...saved } = content.data;
  return <LandingEditor key={content.data.updated_at ?? 'defaults'} saved={saved} />;
}

function LandingEditor({ saved }: { saved: LandingForm }) {
  const { submit, saving } = useLandingSave();
  const form = useForm<LandingForm>({ mode: 'controlled', initialValues: saved });
  return (
    <Tabs defaultValue="edit" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="edit">Edit</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="edit">
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <LandingFields form={form} saving={saving} />
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="preview">
        <LandingPreview content={form.values} />
      </Tabs.Panel>
    </Tabs>
  );
}

function LandingFields({ form, saving }: { form: LandingFormApi; saving: boolean }) {
  return (
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
      <LandingReviewFields form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="FAQ heading" placeholder="Left empty: the default" {...form.getInputProps('faq_heading')} />
        <TextInput label="FAQ subheading" placeholder="Left empty: the default" {...form.getInputProps('faq_subheading')} />
      </SimpleGrid>
      <LandingFaqFields form={form} />
      <Text size="sm" c="dimmed">
        Entries with nothing filled in are dropped when saved; at least one review and one FAQ remain.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
          Reset
        </Button>
        <Button type="submit" loading={saving}>
          Save front page
        </Button>
      </Group>
    </Stack>
  );
}

function LandingPreview({ content }: { content: LandingForm }) {
  return (
    <Card withBorder padding="lg" data-testid="landing-preview">
      <Stack gap="xl">
        <SafeHtml html={content.hero_html} />
        <ReviewsSection content={content} />
        <FaqSection content={content} variant="centered" />
      </Stack>
    </Card>
  );
}
