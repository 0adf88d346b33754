import { MESSAGES } from '@ppp/contracts';
import { FullPageStatus } from './FullPageStatus.tsx';
import { LandingPage } from '../landing/LandingPage.tsx';
import {
  CheckoutReturnPage,
  MaintenancePage,
  OnboardingPage,
  TermsAcceptancePage,
  WaitlistPage,
  WorkspaceLayout,
} from './lazy-screens.tsx';
import { useGateScreen } from './use-gate-screen.ts';

/** The main application shell: decides, in the spec's order, which screen this visit sees. */
export function RootGate() {
  const { screen, user, signedIn, googleSignIn, maintenanceMessage, retry } = useGateScreen();
  switch (screen) {
    case 'loading':
      return <FullPageStatus message={MESSAGES.loading} />;
    case 'maintenance':
      return <MaintenancePage message={maintenanceMessage} signedIn={signedIn} onRetry={retry} />;
    case 'waitlist':
      return user ? <WaitlistPage me={user} /> : null;
    case 'checkout-return':
      return <CheckoutReturnPage />;
    case 'landing':
      return <LandingPage googleSignIn={googleSignIn} />;
    case 'preparing':
      return <FullPageStatus message={MESSAGES.preparingWorkspace} />;
    case 'onboarding':
      return user ? <OnboardingPage me={user} /> : null;
    case 'terms':
      return user ? <TermsAcceptancePage me={user} /> : null;
    case 'settings':
    case 'workspace':
      return user ? <WorkspaceLayout me={user} /> : null;
  }
}
