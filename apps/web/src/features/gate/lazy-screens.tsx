import { lazy } from 'react';

/**
 * The signed-in screens of the root gate, loaded on demand so that the landing page (the gate's
 * screen for visitors) ships without the workspace bundle.
 */
export const WorkspaceLayout = lazy(() => import('../workspace/WorkspaceLayout.tsx').then((m) => ({ default: m.WorkspaceLayout })));
export const WaitlistPage = lazy(() => import('../waitlist/WaitlistPage.tsx').then((m) => ({ default: m.WaitlistPage })));
export const CheckoutReturnPage = lazy(() =>
  import('../checkout-return/CheckoutReturnPage.tsx').then((m) => ({ default: m.CheckoutReturnPage })),
);
export const TermsAcceptancePage = lazy(() =>
  import('../terms-acceptance/TermsAcceptancePage.tsx').then((m) => ({ default: m.TermsAcceptancePage })),
);
export const MaintenancePage = lazy(() => import('../maintenance/MaintenancePage.tsx').then((m) => ({ default: m.MaintenancePage })));
export const OnboardingPage = lazy(() => import('../onboarding/OnboardingPage.tsx').then((m) => ({ default: m.OnboardingPage })));
