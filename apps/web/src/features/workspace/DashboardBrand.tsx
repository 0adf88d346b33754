import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '@ppp/ui';

/** The top bar's brand: the logo linking to the dashboard, then the name (hidden on the narrowest phones). */
export function DashboardBrand() {
  return (
    <>
      <Link to="/dashboard" aria-label="Podcast Plus Plus dashboard" style={{ color: 'inherit', textDecoration: 'none' }}>
        <BrandLogo withText={false} size="sm" />
      </Link>
      <Text fw={800} visibleFrom="xs">
        Podcast Plus Plus
      </Text>
    </>
  );
}
