import { Alert, Button, Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { CREATOR_STEP_COPY } from '@ppp/contracts';
import { nextReview, type CreatorState } from './creator-state.ts';

/**
 * Steps 3 and 4 while the upload is still being transcribed, or with a review it waited for still to
 * do (issue 18): the creator goes on; step 5 waits for the transcript.
 */
export function TranscriptPending({ state, onReview }: { state: CreatorState; onReview(): void }) {
  const upload = state.upload;
  const review = nextReview(state);
  if (!upload || (upload.transcript_ready && review === null)) return null;
  if (upload.transcript_ready) {
    return (
      <Alert color="yellow" variant="light" data-testid="reviews-to-do">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{CREATOR_STEP_COPY.reviewsToDo}</Text>
          <Button size="xs" variant="light" onClick={onReview}>
            {CREATOR_STEP_COPY.openReviews}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" icon={<IconClock size={18} />} data-testid="transcript-pending">
      <Text size="sm">
        {CREATOR_STEP_COPY.transcribing(upload.filename)} {review ? CREATOR_STEP_COPY.reviewsWaiting : ''}
      </Text>
    </Alert>
  );
}
