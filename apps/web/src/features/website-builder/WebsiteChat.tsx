import { useState } from 'react';
import { Button, Card, Chip, Group, Paper, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEBSITE_MESSAGES, ZWebsiteChatRequest, type TWebsite, type TWebsiteChatRequest } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

interface Exchange {
  message: string;
  reply: string;
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
  const versions = trpc.website.versions.useQuery({ podcast_id: podcastId });
  const [session, setSession] = useState<Exchange[]>([]);
  const [error, setError] = useState<string | null>(null);
  const chat = trpc.website.chat.useMutation();
  const form = useForm<TWebsiteChatRequest>({
    mode: 'controlled',
    initialValues: { message: '' },
    validate: { message: (value) => ZWebsiteChatRequest.shape.message.safeParse(value).error?.issues[0]?.message ?? null },
  });

  const saved = (versions.data?.items ?? [])
    .filter((v) => v.action === 'chat' && v.message && v.reply)
    .map((v) => ({ message: v.message ?? '', reply: v.reply ?? '' }))
    .reverse();
  const history = [...saved, ...session.filter((s) => !saved.some((v) => v.message === s.message && v.reply === s.reply))];

  async function send(values: TWebsiteChatRequest) {
    setError(null);
    try {
      const result = await chat.mutateAsync({ podcast_id: podcastId, message: values.message });
      setSession((list) => [...list, { message: values.message.trim(), reply: result.reply }]);
      form.reset();
      const { reply: _reply, changed: _changed, ...next } = result;
      await onChanged(next);
    } catch (err) {
      setError(toApiFailure(err).message ?? WEBSITE_MESSAGES.updateFailed);
    }
  }

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Chat
        </Title>
        <Text size="sm" c="dimmed">
          {website.engine === 'model'
            ? 'Ask for any change in plain words.'
            : 'Try: “Make the accent colour teal”, “Add a section about our guests”, “Move episodes to the top”, “Show more episodes”.'}
        </Text>
        {history.length > 0 && (
          <ScrollArea.Autosize mah={260} type="auto">
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
        )}
        {website.layout.section_suggestions.length > 0 && (
          <Group gap={6}>
            {website.layout.section_suggestions.map((s) => (
              <Chip key={s.message} checked={false} size="xs" onClick={() => form.setFieldValue('message', s.message)}>
                {s.title}
              </Chip>
            ))}
          </Group>
        )}
        <form onSubmit={form.onSubmit((values) => void send(values))}>
          <Stack gap="xs">
            <Textarea label="What would you like to change?" autosize minRows={2} {...form.getInputProps('message')} />
            {error && (
              <Text c="red" size="sm" role="alert">
                {WEBSITE_MESSAGES.updateFailed}: {error}
              </Text>
            )}
            <Button type="submit" loading={chat.isPending}>
              Send
            </Button>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
