import { ONBOARDING_MESSAGES, type TSpreakerConnectMessage } from '@ppp/contracts';
import type { WizardState } from './wizard.ts';

type HostAnswers = Pick<WizardState, 'host' | 'hostConnected'>;

/**
 * What a finished connect attempt means for the host step (spec 001 §4 'Hosting connection', spec
 * 002 §8): the popup's spreaker_connected message counts as connected unless it says ok false; a popup
 * closed without one leaves it to the status read again afterwards (null when that read failed).
 */
export function connectOutcome(
  message: TSpreakerConnectMessage | null,
  status: { connected: boolean } | null,
): { connected: true } | { problem: string } {
  if (message) return message.ok === false ? { problem: ONBOARDING_MESSAGES.connectionError } : { connected: true };
  if (!status) return { problem: ONBOARDING_MESSAGES.connectionError };
  return status.connected ? { connected: true } : { problem: ONBOARDING_MESSAGES.hostRequired };
}

/**
 * An account already connected to Spreaker (before, or in another tab) is recognised when the step
 * opens: Spreaker becomes the chosen, connected host, unless the creator picked the built-in host.
 */
export function recogniseConnectedHost(state: HostAnswers, status: { connected: boolean } | undefined): Partial<HostAnswers> | null {
  if (!status?.connected || state.host === 'builtin') return null;
  if (state.host === 'spreaker' && state.hostConnected) return null;
  return { host: 'spreaker', hostConnected: true };
}
