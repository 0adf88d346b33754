import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, type TInternContext } from '@ppp/contracts';
import { internCanContinue } from './creator-rules.ts';
import type { InternReviewItem } from './creator-state.ts';
import { InternCard } from './InternCard.tsx';
import { CorrectTranscriptLink } from './CreatorTranscript.tsx';
import { isLocked, usePlanFeatures } from '../billing/plan-features.ts';
import { FallbackNoticeFor } from '../transcript/FallbackNotice.tsx';
import { useInternCommands, type InternReviewProps } from './use-intern-commands.ts';

export type { InternReviewProps } from './use-intern-commands.ts';

/** The commands could not be found: why, and Try again. */
function InternUnavailable({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Alert color="red" title={EPISODE_CREATOR_MESSAGES.internUnavailable}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {EPISODE_CREATOR_SHELL.tryAgain}
        </Button>
      </Stack>
    </Alert>
  );
}

interface CommandListProps extends Pick<InternReviewProps, 'items' | 'dispatch'> {
  list: TInternContext[];
  commands: ReturnType<typeof useInternCommands>;
  regenerateLocked: boolean;
}

/** A card per command found, its changes going into the build. */
function InternCommandList({ list, items, dispatch, commands, regenerateLocked }: CommandListProps) {
  const update = (commandId: string, patch: Partial<InternReviewItem>) => dispatch({ type: 'internUpdate', commandId, patch });
  return list.map((context) => {
    const item = items[context.command_id];
    if (!item) return null;
    return (
      <InternCard
        key={context.command_id}
        context={context}
        item={item}
        busy={commands.busy[context.command_id] === true}
        onEnd={(end_s) => update(context.command_id, { end_s })}
        onText={(response_text) => update(context.command_id, { response_text })}
        onExecute={(regenerate) => void commands.execute(context, item, regenerate)}
        regenerateLocked={regenerateLocked}
        engine={commands.engine ?? 'extractive'}
        onDismiss={(dismissed) => update(context.command_id, { dismissed })}
      />
    );
  });
}

/** 'Review Intern Commands' (spec 000 §2 and §4): one card per command; Continue once every one has an answer. */
export function InternReview(props: InternReviewProps) {
  const { contexts, items, dispatch } = props;
  const commands = useInternCommands(props);
  const { loading, unavailable, retry } = commands;
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
        <FallbackNoticeFor mediaId={props.uploadId} />
        {loading && <Loader aria-label="Finding Intern commands" />}
        {unavailable && <InternUnavailable message={unavailable} onRetry={retry} />}
        {!loading && !unavailable && list.length === 0 && <Text>{EPISODE_CREATOR_MESSAGES.noInternCommands}</Text>}
        <CorrectTranscriptLink />
        <InternCommandList list={list} items={items} dispatch={dispatch} commands={commands} regenerateLocked={regenerateLocked} />
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
