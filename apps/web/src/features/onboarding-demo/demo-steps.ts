/** The 3-step demo wizard at /onboarding-demo (spec 002 section 2.9): nothing saved, every step valid. */

export const DEMO_PUBLISH_DAYS = ['Mon', 'Wed', 'Fri'] as const;
export type TDemoPublishDay = (typeof DEMO_PUBLISH_DAYS)[number];

export interface DemoAnswers {
  showName: string;
  /** An object URL of the picked image, shown and never uploaded. */
  artwork: string | null;
  publishDay: TDemoPublishDay;
}

export const DEMO_STEPS = [
  { key: 'name', title: 'Pick a show name', tip: 'Short and memorable works best: listeners search for it in their podcast app.' },
  { key: 'artwork', title: 'Add artwork', tip: 'A square image, at least 1400 x 1400 pixels, with big readable text.' },
  { key: 'publishDay', title: 'Choose a publish day', tip: 'Publishing on the same day every week builds a habit for your listeners.' },
] as const;

export const DEMO_DONE = 'Done!';

export function demoNext(step: number): number {
  return Math.min(step + 1, DEMO_STEPS.length - 1);
}

export function demoBack(step: number): number {
  return Math.max(step - 1, 0);
}

export function isLastDemoStep(step: number): boolean {
  return step === DEMO_STEPS.length - 1;
}
