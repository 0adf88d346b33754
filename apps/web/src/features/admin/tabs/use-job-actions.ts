import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, KILL_QUEUE_MESSAGES, MESSAGES } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';

/** Kill queue (after its confirmation) and Retry: each says how it went and reads the jobs again. */
export function useJobActions() {
  const utils = trpc.useUtils();
  const kill = trpc.admin.killQueue.useMutation();
  const retry = trpc.admin.retryJob.useMutation();

  /** Kills the queue once its confirmation was accepted; true when it went through. */
  async function killQueue(queue: string): Promise<boolean> {
    try {
      const result = await kill.mutateAsync({ queue });
      notifications.show({ color: 'teal', title: `Queue ${result.queue} killed`, message: KILL_QUEUE_MESSAGES.done(result) });
      await utils.admin.jobs.invalidate();
      return true;
    } catch (err) {
      notifications.show({
        color: 'red',
        title: ADMIN_MESSAGES.failedToKillQueue,
        message: toApiFailure(err).message ?? MESSAGES.unexpected,
      });
      await utils.admin.jobs.invalidate();
      return false;
    }
  }

  async function retryJob(queue: string, id: string) {
    try {
      await retry.mutateAsync({ queue, id });
    } catch (err) {
      notifications.show({ color: 'red', title: ADMIN_MESSAGES.saveFailed, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
    await utils.admin.jobs.invalidate();
  }

  return { killQueue, killing: kill.isPending, retryJob };
}
