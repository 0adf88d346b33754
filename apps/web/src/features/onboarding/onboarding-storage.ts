import { ONBOARDING } from '@ppp/contracts';

/** The browser's side of the wizard: the completed flag the root gate reads, the saved wizard, the tour flag. */

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the wizard still works, it just will not resume.
  }
}

/** 'the local flag ppp.onboarding.completed equals 1'. */
export function onboardingCompleted(): boolean {
  return read(ONBOARDING.storage.completed) === '1';
}

export function markOnboardingCompleted(): void {
  write(ONBOARDING.storage.completed, '1');
  write(ONBOARDING.storage.state, null);
}

export function loadSavedWizard(): unknown {
  const raw = read(ONBOARDING.storage.state);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function saveWizard(state: unknown): void {
  write(ONBOARDING.storage.state, JSON.stringify(state));
}

export function tourSeen(): boolean {
  return read(ONBOARDING.storage.tourSeen) === '1';
}

export function markTourSeen(): void {
  write(ONBOARDING.storage.tourSeen, '1');
}

/** 'Skip setup for now': the gate stops opening the wizard here, and its answers stay for a later visit. */
export function markOnboardingSkipped(): void {
  write(ONBOARDING.storage.completed, '1');
}

/** Spec 001 §2: the full-page onboarding is used when its flag is on or unset. */
export function fullPageOnboarding(): boolean {
  return read(ONBOARDING.storage.fullPage) !== '0';
}
