/** The Terms of Use text (spec 002 section 1), shared by /terms and the terms acceptance screen. */
export const TERMS_DATE = 'September 16, 2025';

export function TermsContent() {
  return (
    <>
      <h2>1. Who may use the service</h2>
      <p>
        Podcast Plus Plus is for people aged 13 or older. If you use the service for an organisation, you confirm you
        may accept these terms for it.
      </p>
      <h2>2. Your account</h2>
      <p>
        Keep your password safe and your email address current; you are responsible for what happens under your
        account. We may suspend accounts that abuse the service or break the law.
      </p>
      <h2>3. Your content</h2>
      <p>
        You keep every right to the audio, text and images you upload. You give us the permission we need to store,
        process and publish them on your behalf, and only for that.
      </p>
      <h2>4. Plans, processing minutes and payments</h2>
      <p>
        Paid plans renew until cancelled, and you can cancel anytime. Processing minutes are consumed when a job
        starts and are not refunded when you delete the episode or upload afterwards. Monthly minutes do not roll over.
      </p>
      <h2>5. Availability</h2>
      <p>
        We work to keep the service available but may pause it for maintenance. Outside services (podcast hosts,
        payment providers) have their own terms.
      </p>
      <h2>6. Limitation of liability</h2>
      <p>
        To the extent the law allows, our total liability for any claim is capped at the greater of the amounts you
        paid us in the 12 months before the claim, or $100.
      </p>
      <h2>7. Changes</h2>
      <p>
        When these terms change we will ask you to accept the new version before you continue using the app.
      </p>
    </>
  );
}
