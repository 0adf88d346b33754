import { MESSAGES } from '@ppp/contracts';
import { FullPageStatus } from '../features/gate/FullPageStatus.tsx';

/** Shown for the moment a page's chunk is on its way. */
export function RouteFallback() {
  return <FullPageStatus message={MESSAGES.loading} />;
}
