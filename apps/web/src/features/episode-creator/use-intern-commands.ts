import { useCallback, useEffect, useRef, useState } from 'react';
import { EPISODE_CREATOR_MESSAGES, type TInternContext } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { canAnswer, internExecuteRequest } from './creator-rules.ts';
import type { CreatorAction, InternReviewItem } from './creator-state.ts';

export interface InternReviewProps {
  uploadId: string;
  voiceId: string | null;
  contexts: TInternContext[] | null;
  items: Record<string, InternReviewItem>;
  dispatch(action: CreatorAction): void;
}

/** Asks the engine for a command's answer (or voices the creator's), one at a time per command, the failure kept on the item. */
function useInternExecute(uploadId: string, voiceId: string | null, dispatch: InternReviewProps['dispatch']) {
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const { mutateAsync: executeIntern } = trpc.episodeCreator.internExecute.useMutation();
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

  return { busy, execute };
}

/**
 * The Intern commands of an upload: found once (a mutation whose state is the loading and failure
 * shown), answered by the chosen engine on request, or once on opening when a chat model answers.
 */
export function useInternCommands({ uploadId, voiceId, contexts, items, dispatch }: InternReviewProps) {
  const started = useRef(new Set<string>());
  const { busy, execute } = useInternExecute(uploadId, voiceId, dispatch);
  const prepare = trpc.episodeCreator.internPrepareByFile.useMutation({
    onSuccess: (found) => dispatch({ type: 'internLoaded', contexts: found.contexts }),
  });
  // The extractive default cannot answer a question: the creator types each answer (issue 18).
  const engine = trpc.speech.capabilities.useQuery().data?.text_ai_engine ?? null;

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
