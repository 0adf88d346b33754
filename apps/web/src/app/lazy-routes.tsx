import { lazy } from 'react';

/**
 * Pages outside the main shell, each its own chunk: a visitor on the landing page downloads none of
 * them, and none of the workspace (see features/gate/lazy-screens.tsx).
 */
export const VerifyPage = lazy(() => import('../features/verify/VerifyPage.tsx').then((m) => ({ default: m.VerifyPage })));
export const TermsPage = lazy(() => import('../features/legal/TermsPage.tsx').then((m) => ({ default: m.TermsPage })));
export const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage.tsx').then((m) => ({ default: m.PrivacyPage })));
export const PricingPage = lazy(() => import('../features/pricing/PricingPage.tsx').then((m) => ({ default: m.PricingPage })));
export const HelpPage = lazy(() => import('../features/help/HelpPage.tsx').then((m) => ({ default: m.HelpPage })));
export const ContactPage = lazy(() => import('../features/contact/ContactPage.tsx').then((m) => ({ default: m.ContactPage })));
export const WebsiteBuilderGuidePage = lazy(() =>
  import('../features/docs/WebsiteBuilderGuidePage.tsx').then((m) => ({ default: m.WebsiteBuilderGuidePage })),
);
export const OnboardingDemoPage = lazy(() =>
  import('../features/onboarding-demo/OnboardingDemoPage.tsx').then((m) => ({ default: m.OnboardingDemoPage })),
);
export const AbWorkspacePage = lazy(() => import('../features/ab-workspace/AbRoute.tsx').then((m) => ({ default: m.AbRoute })));
export const AcceptInvitePage = lazy(() => import('../features/team/AcceptInvitePage.tsx').then((m) => ({ default: m.AcceptInvitePage })));
