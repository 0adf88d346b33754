import { useEffect, useState } from 'react';
import { ONBOARDING_MESSAGES, SPREAKER_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { connectSpreakerPopup } from '../../lib/spreaker-popup.ts';
import { connectOutcome, recogniseConnectedHost } from './host-connection.ts';
import type { WizardState } from './wizard.ts';

/**
 * Connecting Spreaker from the host step: the popup and its outcome, the problem in the step's words,
 * and an account already connected recognised when the step opens.
 */
export function useSpreakerConnect(state: WizardState, update: (patch: Partial<WizardState>) => void) {
  const status = trpc.spreaker.status.useQuery();
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const { refetch } = status;
  const ticket = trpc.spreaker.connectTicket.useMutation();

  useEffect(() => {
    const patch = recogniseConnectedHost(state, status.data);
    if (patch) update(patch);
  }, [status.data, state, update]);

  async function connect() {
    setProblem(null);
    let message;
    try {
      const popup = connectSpreakerPopup(async () => (await ticket.mutateAsync()).ticket);
      setWaiting(true);
      message = await popup;
    } catch (err) {
      setWaiting(false);
      // A blocked popup says so in the step's words; a refused ticket says why.
      setProblem(err instanceof Error && err.message !== SPREAKER_MESSAGES.popupBlocked ? err.message : ONBOARDING_MESSAGES.popupBlocked);
      return;
    }
    const fresh = await refetch();
    setWaiting(false);
    const outcome = connectOutcome(message, fresh.isError ? null : (fresh.data ?? null));
    if ('connected' in outcome) update({ host: 'spreaker', hostConnected: true });
    else setProblem(outcome.problem);
  }
  return { configured: status.data?.configured ?? false, problem, waiting, connect };
}
