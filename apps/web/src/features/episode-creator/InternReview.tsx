import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, type TInternContext } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { canAnswer, internCanContinue, internExecuteRequest } from './creator-rules.ts';
import type { CreatorAction, InternReviewItem } from './creator-state.ts';
import { InternCard } from './InternCard.tsx';
import { isLocked, usePlanFeatures } from '../billing/plan-features.ts';

export interface InternReviewProps {
  uploadId: string;
  voiceId: string | null;
  contexts: TInternContext[] | null;
  items: Record<string, InternReviewItem>;
  dispatch(action: CreatorAction): void;
}

/**
 * The Intern commands of an upload: found once (a mutation whose state is the loading and failure
 * shown), answered by the chosen engine on request, or once on opening when a chat model answers.
 */
function useInternCommands({ uploadId, voiceId, contexts, items, dispatch }: InternReviewProps) {
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const started = useRef(new Set<string>());
  const { mutateAsync: executeIntern } = trpc.episodeCreator.internExecute.useMutation();
  const prepare = trpc.episodeCreator.internPrepareByFile.useMutation({
    onSuccess: (found) => dispatch({ type: 'internLoaded', contexts: found.contexts }),
  });
  // The extractive default cannot answer a question: the creator types each answer (issue 18).
  const engine = trpc.speech.capabilities.useQuery().data?.text_ai_engine ?? null;

  const execute = useCallback(
    async (context: TInternContext, item: InternReviewItem, regenerate: boolean) => {
      setBusy((b) => ({ ...b, [context.command_id]: true }));
      dispatch({ type: 'internUpdate', commandId: context.command_id, patch: { error: null } });
      try {
        const result = await executeIntern(internExecuteRequest(uploadId, context, item, voiceId, regenerate));
        const text = result.response_text.trim();
        const patch = { response_text: text, voiced_text: text, audio_url: result.audio_url, media_id: result.media_id };
        dispatch({
          type: 'internUpdate',
          commandId: context.command_id,
          patch: { ...patch, regenerate_count: result.regenerate_count, quoted: result.quoted },
        });
      } catch (err) {
        const error = messageOf(err, EPISODE_CREATOR_MESSAGES.internFailed);
        dispatch({ type: 'internUpdate', commandId: context.command_id, patch: { error } });
      } finally {
        setBusy((b) => ({ ...b, [context.command_id]: false }));
      }
    },
    [uploadId, voiceId, dispatch, executeIntern],
  );

  const { mutate: prepareMutate, isIdle } = prepare;
  const load = useCallback(
    () => prepareMutate(voiceId ? { filename: uploadId, voice_id: voiceId } : { filename: uploadId }),
    [uploadId, voiceId, prepareMutate],
  );
  useEffect(() => {
    if (contexts === null && isIdle) load();
  }, [contexts, isIdle, load]);

  // With a chat model, each command is answered once on opening; after that, Get answer and Regenerate are the creator's.
  useEffect(() => {
    if (engine === null || !canAnswer(engine)) return;
    for (const context of contexts ?? []) {
      const item = items[context.command_id];
      if (!item || started.current.has(context.command_id) || item.response_text.trim() !== '' || item.dismissed) continue;
      started.current.add(context.command_id);
      void execute(context, item, false);
    }
  }, [contexts, items, execute, engine]);

  return {
    loading: contexts === null && !prepare.isError,
    unavailable: prepare.isError ? messageOf(prepare.error, EPISODE_CREATOR_MESSAGES.internFailed) : null,
    retry: load,
    busy,
    execute,
    engine,
  };
}

/** 'Review Intern Commands' (spec 000 §2 and §4): one card per command; Continue once every one has an answer. */
export function InternReview(props: InternReviewProps) {
  const { contexts, items, dispatch } = props;
  const { loading, unavailable, retry, busy, execute, engine } = useInternCommands(props);
  const regenerateLocked = isLocked(usePlanFeatures(), 'advancedIntern');

  const finish = () => dispatch({ type: 'internFinished' });
  const list = contexts ?? [];
  return (
    <Modal
      opened
      onClose={() => dispatch({ type: 'closeReview' })}
      centered
      size="lg"
      title={<Text fw={800}>{EPISODE_CREATOR_SHELL.reviewInternTitle}</Text>}
    >
      <Stack>
        {loading && <Loader aria-label="Finding Intern commands" />}
        {unavailable && (
          <Alert color="red" title={EPISODE_CREATOR_MESSAGES.internUnavailable}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{unavailable}</Text>
              <Button size="xs" variant="light" onClick={retry}>
                {EPISODE_CREATOR_SHELL.tryAgain}
              </Button>
            </Stack>
          </Alert>
        )}
        {!loading && !unavailable && list.length === 0 && <Text>{EPISODE_CREATOR_MESSAGES.noInternCommands}</Text>}
        {list.map((context) => {
          const item = items[context.command_id];
          if (!item) return null;
          return (
            <InternCard
              key={context.command_id}
              context={context}
              item={item}
              busy={busy[context.command_id] === true}
              onEnd={(end_s) => dispatch({ type: 'internUpdate', commandId: context.command_id, patch: { end_s } })}
              onText={(response_text) => dispatch({ type: 'internUpdate', commandId: context.command_id, patch: { response_text } })}
              onExecute={(regenerate) => void execute(context, item, regenerate)}
              regenerateLocked={regenerateLocked}
              engine={engine ?? 'extractive'}
              onDismiss={(dismissed) => dispatch({ type: 'internUpdate', commandId: context.command_id, patch: { dismissed } })}
            />
          );
        })}
        <Group justify="flex-end">
          {unavailable && (
            <Button variant="default" onClick={finish}>
              Skip
            </Button>
          )}
          <Button onClick={finish} disabled={loading || Boolean(unavailable) || !internCanContinue(list, items)}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
