import { Button, Chip, Group, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { WEBSITE_MESSAGES, type TWebsite } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';
import { useWebsiteChat, type ChatExchange } from './use-website-chat.ts';

function ChatHistory({ history }: { history: readonly ChatExchange[] }) {
  return (
    <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars="y">
      <Stack gap="xs" aria-label="Chat history" role="log">
        {history.map((item, index) => (
          <Stack key={`${index}-${item.message}`} gap={4}>
            <Paper bg="blue.0" p="xs" radius="md" ml="lg">
              <Text size="sm">{item.message}</Text>
            </Paper>
            <Paper withBorder p="xs" radius="md" mr="lg">
              <Text size="sm">{item.reply}</Text>
            </Paper>
          </Stack>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** A long suggestion wraps inside its card instead of running past it. */
const WRAPPING_CHIP = {
  root: { maxWidth: '100%' },
  label: { height: 'auto', minHeight: 'var(--chip-size)', whiteSpace: 'normal', lineHeight: 1.3, paddingBlock: 4, maxWidth: '100%' },
} as const;

function SectionSuggestions({ website, onPick }: { website: TWebsite; onPick(message: string): void }) {
  return (
    <Group gap={6}>
      {website.layout.section_suggestions.map((s) => (
        <Chip key={s.message} checked={false} size="xs" styles={WRAPPING_CHIP} onClick={() => onPick(s.message)}>
          {s.title}
        </Chip>
      ))}
    </Group>
  );
}

/** The chat panel: plain requests (or anything, with a chat model), its history, and the builder's suggestions. */
export function WebsiteChat({
  podcastId,
  website,
  onChanged,
}: {
  podcastId: string;
  website: TWebsite;
  onChanged: (w: TWebsite) => Promise<void>;
}) {
  const { form, history, error, sending, send } = useWebsiteChat(podcastId, onChanged);
  return (
    <TitledCard title="Chat" padding="md">
      <Text size="sm" c="dimmed">
        {website.engine === 'model'
          ? 'Ask for any change in plain words.'
          : 'Try: “Make the accent colour teal”, “Add a section about our guests”, “Move episodes to the top”, “Show more episodes”.'}
      </Text>
      {history.length > 0 && <ChatHistory history={history} />}
      {website.layout.section_suggestions.length > 0 && (
        <SectionSuggestions website={website} onPick={(message) => form.setFieldValue('message', message)} />
      )}
      <form onSubmit={form.onSubmit((values) => void send(values))}>
        <Stack gap="xs">
          <Textarea label="What would you like to change?" autosize minRows={2} {...form.getInputProps('message')} />
          {error && (
            <Text c="red" size="sm" role="alert">
              {WEBSITE_MESSAGES.updateFailed}: {error}
            </Text>
          )}
          <Button type="submit" loading={sending}>
            Send
          </Button>
        </Stack>
      </form>
    </TitledCard>
  );
}
