import { Suspense, lazy, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ReadableText } from '../public-shell/ReadableText.tsx';
import { LandingHeader } from './sections/LandingHeader.tsx';
import { LandingFooter } from './LandingFooter.tsx';
import { RegularLayout, SplitLayout } from './layouts.tsx';
import { useLandingContent, usePublicEpisodes } from './use-landing-data.ts';
import { applyLayoutChoice, resolveLayout, type LayoutStorage, type TLayoutChoice } from './layout-experiment.ts';

const loadSignInDialog = () => import('../sign-in/SignInDialog.tsx');
const SignInDialog = lazy(() => loadSignInDialog().then((m) => ({ default: m.SignInDialog })));

function browserStorage(): LayoutStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A new layout choice is stored and the page reloads without ?layout=, so storage decides. */
function switchLayout(choice: TLayoutChoice) {
  applyLayoutChoice(choice, browserStorage());
  const url = new URL(window.location.href);
  if (url.searchParams.has('layout')) {
    url.searchParams.delete('layout');
    window.location.assign(url.toString());
  } else {
    window.location.reload();
  }
}

type DialogMode = 'login' | 'register';

/**
 * The public landing page (spec 002 section 2.5). ?login=1 opens the sign-in dialog at once (in
 * register mode when a plan is chosen on the pricing page); ?layout= picks the experiment's layout.
 */
export function LandingPage({ googleSignIn }: { googleSignIn: boolean }) {
  const [search, setSearch] = useSearchParams();
  const [layout] = useState(() => resolveLayout(search.get('layout'), browserStorage()));
  const [dialog, setDialog] = useState<DialogMode | null>(() => {
    if (search.get('login') !== '1') return null;
    return search.has('plan') ? 'register' : 'login';
  });
  const [walkthroughOpen, setWalkthroughOpen] = useState(false);
  const content = useLandingContent();
  const episodes = usePublicEpisodes();

  function closeDialog() {
    setDialog(null);
    if (search.has('login')) {
      const next = new URLSearchParams(search);
      next.delete('login');
      next.delete('plan');
      setSearch(next, { replace: true });
    }
  }

  function toggleWalkthrough() {
    const opening = !walkthroughOpen;
    setWalkthroughOpen(opening);
    if (opening) document.getElementById('how-it-works')?.scrollIntoView({ behavior: 'smooth' });
  }

  const prefetch = () => void loadSignInDialog();
  const Layout = layout.layout === 'ab' ? SplitLayout : RegularLayout;

  return (
    <ReadableText>
      <LandingHeader onSignIn={() => setDialog('login')} onPrefetch={prefetch} />
      <Layout
        content={content}
        episodes={episodes}
        onStart={() => setDialog('register')}
        onPrefetch={prefetch}
        walkthroughOpen={walkthroughOpen}
        onToggleWalkthrough={toggleWalkthrough}
      />
      <LandingFooter layout={layout} onLayoutChange={switchLayout} />
      {dialog && (
        <Suspense fallback={null}>
          <SignInDialog opened onClose={closeDialog} initialMode={dialog} googleSignIn={googleSignIn} />
        </Suspense>
      )}
    </ReadableText>
  );
}
