import { useState, type ReactNode } from 'react';
import { Button, CloseButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSparkles } from '@tabler/icons-react';
import { AI_TEXT_MESSAGES, CREATOR_STEP_COPY, type TAiTagsRequest } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { aiSuggestErrorMessage, type AiErrorWording } from './ai-suggest.ts';
import { tagsNotIn, withTagsAdded } from './ai-fill.ts';
import { NOT_READY_HINT } from './AiSuggestButton.tsx';

interface Props {
  /** The upload (hint) or the episode (episode_id) whose transcript is read. */
  request: TAiTagsRequest;
  transcriptReady: boolean;
  /** The tag field as it stands (comma separated). */
  value: string;
  onChange(tags: string): void;
  /** The tag field's id (its label is drawn here, beside the button) and the field itself. */
  inputId: string;
  children: ReactNode;
  /** The screen whose words a failure is told in (the Episode Creator's unless given). */
  wording?: AiErrorWording;
}

/** Asks the text AI for tags and keeps the ones not yet in the field as suggestions; a failure is told in the screen's words. */
function useTagSuggestions(request: TAiTagsRequest, value: string, wording: AiErrorWording | undefined) {
  const tags = trpc.aiText.tags.useMutation();
  const [suggested, setSuggested] = useState<string[] | null>(null);

  async function suggest() {
    try {
      const answer = await tags.mutateAsync(request);
      const fresh = tagsNotIn(value, answer.tags);
      setSuggested(fresh);
      if (fresh.length === 0)
        notifications.show({
          color: 'orange',
          title: AI_TEXT_MESSAGES.aiSuggestFailed,
          message: 'No new tags came back. Try again or write your own.',
        });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: AI_TEXT_MESSAGES.aiSuggestFailed,
        message: aiSuggestErrorMessage(toApiFailure(error), 'tags', wording),
      });
    }
  }

  return {
    open: suggested ? tagsNotIn(value, suggested) : [],
    pending: tags.isPending,
    suggest,
    dismiss: (tag: string) => setSuggested((list) => (list ?? []).filter((t) => t !== tag)),
    dismissAll: () => setSuggested(null),
  };
}

/**
 * 'AI Suggest' for tags (POST /api/ai/tags): the suggestions as chips the creator adds one by one
 * (or all at once) or removes; a tag already in the field is not offered again.
 */
export function TagSuggestions({ request, transcriptReady, value, onChange, inputId, children, wording }: Props) {
  const suggestions = useTagSuggestions(request, value, wording);
  const button = (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconSparkles size={14} />}
      onClick={() => void suggestions.suggest()}
      loading={suggestions.pending}
      disabled={!transcriptReady}
      aria-label={`${CREATOR_STEP_COPY.aiSuggest} tag list`}
    >
      {CREATOR_STEP_COPY.aiSuggest}
    </Button>
  );
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500} component="label" htmlFor={inputId}>
          Tags
        </Text>
        {transcriptReady ? button : <Tooltip label={NOT_READY_HINT}>{button}</Tooltip>}
      </Group>
      {children}
      {suggestions.open.length > 0 && (
        <SuggestedTags
          tags={suggestions.open}
          onAdd={(added) => onChange(withTagsAdded(value, added))}
          onDismiss={suggestions.dismiss}
          onDismissAll={suggestions.dismissAll}
        />
      )}
    </Stack>
  );
}

interface ChipsProps {
  tags: string[];
  onAdd: (tags: string[]) => void;
  onDismiss: (tag: string) => void;
  onDismissAll: () => void;
}

/** The suggested tags as chips: click one to add it, × to drop it, or add them all, or dismiss them. */
function SuggestedTags({ tags, onAdd, onDismiss, onDismissAll }: ChipsProps) {
  return (
    <Paper withBorder radius="md" p="xs" data-testid="tag-suggestions">
      <Group justify="space-between" mb={6}>
        <Text size="xs" c="dimmed">
          Suggested tags: click one to add it, × to drop it.
        </Text>
        <Group gap={4}>
          <Button size="compact-xs" variant="subtle" onClick={() => onAdd(tags)}>
            Add all
          </Button>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onDismissAll}>
            Dismiss
          </Button>
        </Group>
      </Group>
      <Group gap={6}>
        {tags.map((tag) => (
          <Group
            key={tag}
            gap={0}
            wrap="nowrap"
            style={{ border: '1px solid var(--mantine-color-blue-3)', borderRadius: 999, paddingRight: 2 }}
          >
            <Button
              size="compact-xs"
              variant="transparent"
              leftSection={<IconPlus size={12} />}
              onClick={() => onAdd([tag])}
              aria-label={`Add tag ${tag}`}
            >
              {tag}
            </Button>
            <CloseButton size="xs" onClick={() => onDismiss(tag)} aria-label={`Remove suggestion ${tag}`} />
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
