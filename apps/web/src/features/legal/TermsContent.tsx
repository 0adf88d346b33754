/** The Terms of Use text (spec 002 section 1), shared by /terms and the terms acceptance screen. */
export const TERMS_DATE = 'September 16, 2025';

/** compact: smaller headings, for the scroll box of the terms acceptance screen. */
export function TermsContent({ compact = false }: { compact?: boolean }) {
  const H = compact ? 'h4' : 'h2';
  return (
    <>
      <H>1. Who may use the service</H>
      <p>
        Podcast Plus Plus is for people aged 13 or older. If you use the service for an organisation, you confirm you may accept these terms
        for it.
      </p>
      <H>2. Your account</H>
      <p>
        Keep your password safe and your email address current; you are responsible for what happens under your account. We may suspend
        accounts that abuse the service or break the law.
      </p>
      <H>3. Your content</H>
      <p>
        You keep every right to the audio, text and images you upload. You give us the permission we need to store, process and publish them
        on your behalf, and only for that.
      </p>
      <H>4. Plans, processing minutes and payments</H>
      <p>
        Paid plans renew until cancelled, and you can cancel anytime. Processing minutes are consumed when a job starts and are not refunded
        when you delete the episode or upload afterwards. Monthly minutes do not roll over.
      </p>
      <H>5. Availability</H>
      <p>
        We work to keep the service available but may pause it for maintenance. Outside services (podcast hosts, payment providers) have
        their own terms.
      </p>
      <H>6. Limitation of liability</H>
      <p>
        To the extent the law allows, our total liability for any claim is capped at the greater of the amounts you paid us in the 12 months
        before the claim, or $100.
      </p>
      <H>7. Changes</H>
      <p>When these terms change we will ask you to accept the new version before you continue using the app.</p>
    </>
  );
}
