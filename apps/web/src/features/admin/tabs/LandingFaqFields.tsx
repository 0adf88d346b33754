import { ActionIcon, Button, Card, Group, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { LANDING } from '@ppp/contracts';
import { EMPTY_FAQ, type LandingFormApi } from './landing-form.ts';

/** The FAQs: a question and its answer per card, with Add FAQ up to the limit. */
export function LandingFaqFields({ form }: { form: LandingFormApi }) {
  const faqs = form.values.faqs;
  return (
    <>
      <Title order={2} size="h4">
        FAQs
      </Title>
      {faqs.map((_, i) => (
        <Card key={i} withBorder padding="sm">
          <Group align="flex-end" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1 }}>
              <TextInput label={`Question ${i + 1}`} {...form.getInputProps(`faqs.${i}.question`)} />
              <Textarea label="Answer" autosize {...form.getInputProps(`faqs.${i}.answer`)} />
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={faqs.length <= 1}
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
        disabled={faqs.length >= LANDING.maxFaqs}
        w="fit-content"
      >
        Add FAQ
      </Button>
    </>
  );
}
