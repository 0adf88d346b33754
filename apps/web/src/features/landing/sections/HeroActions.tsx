import { Badge, Button, Group } from '@mantine/core';
import { MESSAGES } from '@ppp/contracts';
import { HERO_BADGES } from '../landing-content.ts';
import { WALKTHROUGH_ID } from './HowItWorksSection.tsx';

export interface HeroActionsProps {
  onStart: () => void;
  onPrefetch: () => void;
  walkthroughOpen: boolean;
  onToggleWalkthrough: () => void;
  justify?: 'center' | 'flex-start';
}

export function HeroBadges({ justify = 'center' }: { justify?: 'center' | 'flex-start' }) {
  return (
    <Group gap="xs" justify={justify}>
      {HERO_BADGES.map((label, i) => (
        <Badge key={label} variant="light" size="lg" color={i === 1 ? 'teal' : 'violet'}>
          {label}
        </Badge>
      ))}
    </Group>
  );
}

/** 'Make my first episode' (opens the sign-in dialog) and 'See how it works' (toggles the walkthrough). */
export function HeroActions({ onStart, onPrefetch, walkthroughOpen, onToggleWalkthrough, justify = 'center' }: HeroActionsProps) {
  return (
    <Group justify={justify}>
      <Button size="lg" onClick={onStart} onPointerEnter={onPrefetch} onFocus={onPrefetch}>
        {MESSAGES.makeFirstEpisode}
      </Button>
      <Button size="lg" variant="default" onClick={onToggleWalkthrough} aria-expanded={walkthroughOpen} aria-controls={WALKTHROUGH_ID}>
        See how it works
      </Button>
    </Group>
  );
}
