import type { WizardState } from '../wizard.ts';

/** What every step body gets: the answers so far and a way to change them. */
export interface StepProps {
  state: WizardState;
  update: (patch: Partial<WizardState>) => void;
  /** The message that kept Next from moving on, shown at its field. */
  error: string | null;
}
