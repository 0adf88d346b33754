import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '@ppp/ui';
import { SiteHeader } from './SiteHeader.tsx';

const PUBLIC_LINKS = [
  { href: '/#how-it-works', label: 'How it works' },
  { href: '/#faq', label: 'FAQ' },
  { href: '/help', label: 'Help' },
] as const;

/** Header of the public pages outside the landing page: logo home, a few links, Sign In. */
export function PublicHeader() {
  return (
    <SiteHeader
      size="xl"
      logo={
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Podcast Plus Plus home">
          <BrandLogo />
        </Anchor>
      }
      navLabel="Site"
      links={PUBLIC_LINKS}
      action={
        <Button component="a" href="/?login=1" variant="light">
          Sign In
        </Button>
      }
    />
  );
}
