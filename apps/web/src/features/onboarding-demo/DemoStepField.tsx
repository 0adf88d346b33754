import { Button, FileButton, Group, Image, SegmentedControl, TextInput } from '@mantine/core';
import { DEMO_PUBLISH_DAYS, type DEMO_STEPS, type DemoAnswers } from './demo-steps.ts';
import type { DemoLook } from './use-onboarding-demo.ts';

export interface DemoStepFieldProps {
  stepKey: (typeof DEMO_STEPS)[number]['key'];
  answers: DemoAnswers;
  onAnswers: (answers: DemoAnswers) => void;
  look: DemoLook;
}

/** What the current step asks for: the show name, an artwork image, or the publish day. */
export function DemoStepField({ stepKey, answers, onAnswers, look }: DemoStepFieldProps) {
  const size = look.largeText ? 'lg' : 'md';
  if (stepKey === 'name')
    return (
      <TextInput
        label="Show name"
        size={size}
        value={answers.showName}
        onChange={(e) => onAnswers({ ...answers, showName: e.currentTarget.value })}
      />
    );
  if (stepKey === 'artwork')
    return (
      <Group align="center">
        {answers.artwork ? <Image src={answers.artwork} alt="Your artwork" w={140} h={140} radius="md" /> : null}
        <FileButton
          accept="image/png,image/jpeg"
          onChange={(file) => file && onAnswers({ ...answers, artwork: URL.createObjectURL(file) })}
        >
          {(props) => (
            <Button {...props} variant="default" size={size}>
              Choose an image
            </Button>
          )}
        </FileButton>
      </Group>
    );
  if (stepKey === 'publishDay')
    return (
      <SegmentedControl
        aria-label="Publish day"
        size={size}
        data={[...DEMO_PUBLISH_DAYS]}
        value={answers.publishDay}
        onChange={(publishDay) => onAnswers({ ...answers, publishDay })}
        color={look.highContrast ? 'dark' : undefined}
      />
    );
  return null;
}
