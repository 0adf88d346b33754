import { LegalLayout } from '../legal/LegalLayout.tsx';

/** The Website Builder Guide (spec 002 sections 2.1 and 2.13). */
export function WebsiteBuilderGuidePage() {
  return (
    <LegalLayout title="Website Builder Guide" updated="An AI-built website for every show">
      <p>
        Every show can have its own website: a home for your episodes, your hosts and a way for listeners to subscribe. The builder writes
        the first version for you from your show, and you change it by chatting with it. Open it from the dashboard&apos;s Quick Tools or
        the side navigation.
      </p>
      <h2 id="generate">1. Generate a draft</h2>
      <p>
        Open the Website Builder for a show and choose <em>Generate</em>. The builder lays out a hero with your show&apos;s title and
        artwork, an about section, your latest episodes, your hosts and a call to action, in your show&apos;s colours. A new site starts as
        a <strong>draft</strong>.
      </p>
      <h2 id="publish">2. Publish immediately</h2>
      <p>
        When the draft looks right, publish it: it goes live at once on your default address. While a change is being applied the site shows
        as <em>updating</em>, then <em>published</em> again.
      </p>
      <h2 id="chat">3. Change it by chatting</h2>
      <p>
        Ask in plain words: &quot;add a section about our guests&quot;, &quot;make the accent colour teal&quot;, &quot;shorten the about
        text&quot;. Each message returns an updated layout you can view straight away.
      </p>
      <h2 id="undo">4. Undo and restore</h2>
      <ul>
        <li>Undo the last change if you do not like it.</li>
        <li>Restore the site to any earlier version from its history.</li>
        <li>Support agents can restore earlier prompts for you if you need help getting back to a version.</li>
      </ul>
      <h2 id="domain">5. Use your own domain</h2>
      <p>
        On <strong>Pro and above</strong> you can serve the site from your own domain. Add a <code>CNAME</code> record at your DNS provider
        pointing your domain (for example <code>www.myshow.com</code>) to the site&apos;s default address, then enter the domain in the
        builder. Leaving the domain blank means the site uses its default domain.
      </p>
      <h2 id="help">Need a hand?</h2>
      <p>
        See the <a href="/help">help topics</a> or <a href="/contact">contact us</a>. Compare plans on the{' '}
        <a href="/pricing">pricing page</a>.
      </p>
    </LegalLayout>
  );
}
