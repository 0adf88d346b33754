import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EPISODE_MESSAGES, formatCutTime, proposedFlubberCut, type TFlubberContext } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { isFeatureLocked } from '../billing/plan-features.ts';
import { FeatureLockedNotice } from '../billing/FeatureLockedNotice.tsx';

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

/** The manual Flubber review panel (spec 001 §4): prepare, contexts, tick Cut per context, 'Apply Selected Cuts'. */
export function FlubberReviewPanel({
  episodeId,
  onClose,
  onApplied,
}: {
  episodeId: string | null;
  onClose: () => void;
  onApplied: () => void;
}) {
  const prepare = trpc.episodes.flubberPrepare.useMutation();
  const apply = trpc.episodes.flubberApply.useMutation();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [applyError, setError] = useState<string | null>(null);
  const { mutate: runPrepare } = prepare;
  const contexts = prepare.data?.contexts ?? null;
  const error = applyError ?? (prepare.isError ? (toApiFailure(prepare.error).message ?? EPISODE_MESSAGES.noFlubberContexts) : null);

  // Prepare once per opening (the panel is keyed by the episode): snippets are cut, then the contexts load.
  useEffect(() => {
    if (episodeId) runPrepare({ id: episodeId });
  }, [episodeId, runPrepare]);

  async function applySelected() {
    if (!episodeId || !contexts) return;
    const cuts = contexts.filter((c) => selected.has(c.flubber_index)).map(proposedFlubberCut);
    if (cuts.length === 0) {
      notifications.show({ color: 'yellow', message: EPISODE_MESSAGES.noCutsSelected });
      return;
    }
    try {
      const result = await apply.mutateAsync({ id: episodeId, cuts });
      notifications.show({
        color: 'green',
        title: 'Retakes cut',
        message: `${(result.removed_ms / 1000).toFixed(2)} s removed; the episode is being re-rendered.`,
      });
      onApplied();
    } catch (err) {
      setError(toApiFailure(err).message ?? EPISODE_MESSAGES.commitFailed);
    }
  }

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
            onToggle={(value) =>
              setSelected((set) => {
                const next = new Set(set);
                if (value) next.add(context.flubber_index);
                else next.delete(context.flubber_index);
                return next;
              })
            }
          />
        ))}
        {contexts && contexts.length > 0 && (
          <Group justify="flex-end">
            <Button onClick={() => void applySelected()} loading={apply.isPending}>
              Apply Selected Cuts
            </Button>
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
