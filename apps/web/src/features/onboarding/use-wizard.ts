import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ONBOARDING, type TMe } from '@ppp/contracts';
import { loadSavedWizard, saveWizard } from './onboarding-storage.ts';
import { resumeState, type WizardState } from './wizard.ts';

/**
 * The wizard's state: resumed from this browser on arrival (reset=1 and step=N are read once and
 * dropped from the address, so a reload resumes), saved 350 ms after each change.
 */
export function useWizard(me: TMe) {
  const [search, setSearch] = useSearchParams();
  const [state, setState] = useState<WizardState>(() =>
    resumeState(loadSavedWizard(), {
      userId: me.id,
      firstName: me.first_name ?? '',
      lastName: me.last_name ?? '',
      email: me.email,
      search,
    }),
  );

  useEffect(() => {
    if (!search.has('reset') && !search.has('step')) return;
    const rest = new URLSearchParams(search);
    rest.delete('reset');
    rest.delete('step');
    setSearch(rest, { replace: true });
  }, [search, setSearch]);

  // Once the wizard is finished its saved copy is gone for good: a pending save must not bring it back.
  const saving = useRef(true);
  useEffect(() => {
    const timer = setTimeout(() => saving.current && saveWizard(state), ONBOARDING.saveDelayMs);
    return () => clearTimeout(timer);
  }, [state]);

  const update = useCallback((patch: Partial<WizardState>) => setState((s) => ({ ...s, ...patch })), []);
  const stopSaving = useCallback(() => {
    saving.current = false;
  }, []);
  return { state, setState, update, stopSaving };
}
