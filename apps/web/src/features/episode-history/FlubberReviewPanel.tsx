import { Alert, Button, Checkbox, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { EPISODE_MESSAGES, formatCutTime, proposedFlubberCut, type TFlubberContext } from '@ppp/contracts';
import { isFeatureLocked } from '../billing/plan-features.ts';
import { FeatureLockedNotice } from '../billing/FeatureLockedNotice.tsx';
import { MarkerConfidence } from '../episode-creator/MarkerConfidence.tsx';
import { useFlubberReview } from './use-flubber-review.ts';

function ContextRow({ context, checked, onToggle }: { context: TFlubberContext; checked: boolean; onToggle: (value: boolean) => void }) {
  const cut = proposedFlubberCut(context);
  return (
    <Stack
      gap={4}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="flubber-context"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          Retake at {formatCutTime(context.flubber_time_s * 1000)}
        </Text>
        <Checkbox
          label="Cut"
          checked={checked}
          disabled={context.applied}
          onChange={(e) => onToggle(e.currentTarget.checked)}
          aria-label={`Cut the retake at ${formatCutTime(context.flubber_time_s * 1000)}`}
        />
      </Group>
      <MarkerConfidence confidence={context.confidence} what="retake marker" />
      <Text size="xs" c="dimmed">
        Removes {formatCutTime(cut.start_s * 1000)} to {formatCutTime(cut.end_s * 1000)} of the recording
        {context.applied ? ' (already cut)' : ''}.{' '}
        {context.retake_found
          ? `The flubbed take: “${context.retake_text}”.`
          : 'No repeated words were found, so only the word itself is cut.'}
      </Text>
      {context.url ? (
        <audio controls preload="none" src={context.url} style={{ width: '100%' }} />
      ) : (
        <Text size="xs" c="red">
          {EPISODE_MESSAGES.snippetUnavailable}
        </Text>
      )}
    </Stack>
  );
}

type FlubberReviewPanelProps = { episodeId: string | null; onClose: () => void; onApplied: () => void };

/** The manual Flubber review panel (spec 001 §4): prepare, contexts, tick Cut per context, 'Apply Selected Cuts'. */
export function FlubberReviewPanel({ episodeId, onClose, onApplied }: FlubberReviewPanelProps) {
  const { prepare, contexts, error, selected, toggle, applySelected, applying } = useFlubberReview(episodeId, onApplied);
  return (
    <Drawer opened={episodeId !== null} onClose={onClose} position="right" size="md" title={<Text fw={700}>Review retakes</Text>}>
      <Stack>
        {prepare.isError && isFeatureLocked(prepare.error) ? (
          <FeatureLockedNotice feature="flubber" />
        ) : (
          error && <Alert color="red">{error}</Alert>
        )}
        {prepare.isPending && <Loader aria-label="Preparing the retakes" />}
        {contexts && contexts.length === 0 && <Text c="dimmed">{EPISODE_MESSAGES.noFlubberContexts}</Text>}
        {contexts?.map((context) => (
          <ContextRow
            key={context.flubber_index}
            context={context}
            checked={selected.has(context.flubber_index)}
            onToggle={(value) => toggle(context.flubber_index, value)}
          />
        ))}
        {contexts && contexts.length > 0 && (
          <Group justify="flex-end">
            <Button onClick={() => void applySelected()} loading={applying}>
              Apply Selected Cuts
            </Button>
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
