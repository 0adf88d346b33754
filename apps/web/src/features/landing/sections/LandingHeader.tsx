import { Button } from '@mantine/core';
import { BrandLogo } from '@ppp/ui';
import { SiteHeader } from '../../public-shell/SiteHeader.tsx';

export interface LandingHeaderProps {
  onSignIn: () => void;
  onPrefetch: () => void;
}

const LANDING_LINKS = [
  { href: '#how-it-works', label: 'How it works' },
  { href: '#testimonials', label: 'Reviews' },
  { href: '#faq', label: 'FAQ' },
  { href: '/subscriptions', label: 'Pricing' },
] as const;

/** Logo, in-page navigation and the one Sign In button of the landing page. */
export function LandingHeader({ onSignIn, onPrefetch }: LandingHeaderProps) {
  return (
    <SiteHeader
      size="lg"
      logo={<BrandLogo />}
      navLabel="Landing"
      links={LANDING_LINKS}
      action={
        <Button onClick={onSignIn} onPointerEnter={onPrefetch} onFocus={onPrefetch}>
          Sign In
        </Button>
      }
    />
  );
}
