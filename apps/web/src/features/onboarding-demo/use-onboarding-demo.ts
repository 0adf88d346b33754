import { useEffect, useState } from 'react';
import { useDisplayOptions } from '@ppp/ui';
import { DEMO_DONE, DEMO_STEPS, demoBack, demoNext, isLastDemoStep, type DemoAnswers } from './demo-steps.ts';

/** How the demo looks: its own large-text and high-contrast choice, starting from the display options and never stored. */
export interface DemoLook {
  largeText: boolean;
  highContrast: boolean;
}

/** The demo wizard's step, answers (kept in the page only) and look. */
export function useOnboardingDemo() {
  const display = useDisplayOptions();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<DemoAnswers>({ showName: '', artwork: null, publishDay: 'Mon' });
  const [look, setLook] = useState<DemoLook>({ largeText: display.options.largeText, highContrast: display.options.highContrast });

  useEffect(
    () => () => {
      if (answers.artwork) URL.revokeObjectURL(answers.artwork);
    },
    [answers.artwork],
  );

  const next = () => {
    if (isLastDemoStep(step)) window.alert(DEMO_DONE);
    else setStep(demoNext(step));
  };

  return {
    step,
    setStep,
    current: DEMO_STEPS[step] ?? DEMO_STEPS[0],
    answers,
    setAnswers,
    look,
    setLook,
    next,
    back: () => setStep(demoBack(step)),
  };
}
