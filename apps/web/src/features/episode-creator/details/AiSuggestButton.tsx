import { Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSparkles } from '@tabler/icons-react';
import { AI_TEXT_MESSAGES, CREATOR_STEP_COPY, acceptAiText, acceptAiTitle, type TAiTextRequest } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { aiSuggestErrorMessage, type AiErrorWording } from './ai-suggest.ts';

interface Props {
  field: 'title' | 'description';
  /** The upload (hint) or the episode (episode_id) whose transcript is read, and the fields as they stand. */
  request: TAiTextRequest;
  transcriptReady: boolean;
  onSuggestion(text: string): void;
  /** The screen whose words a failure is told in (the Episode Creator's unless given). */
  wording?: AiErrorWording;
}

export const NOT_READY_HINT = 'Waiting for the transcript…';

/** 'AI Suggest' for the title (POST /api/ai/title) or the description (POST /api/ai/notes), in the Episode Creator and the edit panel. */
export function AiSuggestButton({ field, request, transcriptReady, onSuggestion, wording }: Props) {
  const title = trpc.aiText.title.useMutation();
  const notes = trpc.aiText.notes.useMutation();
  const pending = title.isPending || notes.isPending;

  async function suggest() {
    try {
      // Text with a run of 16+ hex characters is discarded (spec 000 §5).
      const text =
        field === 'title'
          ? acceptAiTitle((await title.mutateAsync(request)).title)
          : acceptAiText((await notes.mutateAsync(request)).description);
      if (text) onSuggestion(text);
      else
        notifications.show({
          color: 'orange',
          title: AI_TEXT_MESSAGES.aiSuggestFailed,
          message: 'No usable suggestion came back. Try again or write your own.',
        });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: AI_TEXT_MESSAGES.aiSuggestFailed,
        message: aiSuggestErrorMessage(toApiFailure(error), field, wording),
      });
    }
  }

  const button = (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconSparkles size={14} />}
      onClick={() => void suggest()}
      loading={pending}
      disabled={!transcriptReady}
      aria-label={`${CREATOR_STEP_COPY.aiSuggest} ${field}`}
    >
      {CREATOR_STEP_COPY.aiSuggest}
    </Button>
  );
  return transcriptReady ? button : <Tooltip label={NOT_READY_HINT}>{button}</Tooltip>;
}
