import { useState } from 'react';
import { MESSAGES, NOTIFY_ADDRESS_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';

/** An address being added: what is typed, the code typed, and where the code went (null before it is sent). */
export interface AddingAddress {
  email: string;
  code: string;
  sentTo: string | null;
}

/**
 * Adding a notification address: the one being added, Send code and Verify (each reads the list again);
 * a verified address becomes the chosen one through `onChosen`.
 */
export function useNotifyAddresses(onChosen: (email: string) => void) {
  const utils = trpc.useUtils();
  const add = trpc.notifyAddresses.add.useMutation();
  const verify = trpc.notifyAddresses.verify.useMutation();
  const [adding, setAdding] = useState<AddingAddress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const chosen = (email: string) => {
    onChosen(email);
    setAdding(null);
    setDone(NOTIFY_ADDRESS_MESSAGES.verified(email));
  };
  async function sendCode(email: string) {
    setProblem(null);
    setDone(null);
    try {
      const added = await add.mutateAsync({ email });
      await utils.notifyAddresses.list.invalidate();
      if (added.verified) chosen(added.email);
      else setAdding({ email: added.email, code: '', sentTo: added.email });
    } catch (err) {
      setProblem(messageOf(err, MESSAGES.invalidFormat));
    }
  }
  async function checkCode(email: string, code: string) {
    setProblem(null);
    try {
      const verified = await verify.mutateAsync({ email, code });
      await utils.notifyAddresses.list.invalidate();
      chosen(verified.email);
    } catch (err) {
      setProblem(messageOf(err, MESSAGES.invalidCode));
    }
  }
  const cancel = () => {
    setAdding(null);
    setProblem(null);
  };
  return {
    adding,
    setAdding,
    problem,
    done,
    sendCode,
    checkCode,
    cancel,
    sending: add.isPending,
    verifying: verify.isPending,
  };
}

export type TNotifyAddresses = ReturnType<typeof useNotifyAddresses>;
