import { LegalLayout } from './LegalLayout.tsx';

/** The privacy policy with the retention facts of spec 002 section 9. */
export function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy" updated="Last updated September 16, 2025">
      <h2>What we collect</h2>
      <p>
        Your account details (email, name, password hash), the audio, transcripts and images you upload, your shows and episodes, and basic
        usage records that keep the service working and secure.
      </p>
      <h2>How we use it</h2>
      <p>
        To run the service for you: process and publish your episodes, send the emails you need (such as verification codes), bill paid
        plans, and prevent abuse. We do not sell your data.
      </p>
      <h2>How long we keep it</h2>
      <ul>
        <li>Account data: up to 24 months after your account ends.</li>
        <li>Backups and logs: up to 90 days.</li>
        <li>Job logs: 12 to 18 months.</li>
        <li>Billing records: about 7 years, as tax law requires.</li>
      </ul>
      <h2>Children</h2>
      <p>The service is not for children under 13, and we do not knowingly collect their data.</p>
      <h2>Your choices</h2>
      <p>
        You can correct your name in Settings, ask for a copy of your data, or ask us to delete your account. Contact the operator of this
        instance to do so.
      </p>
    </LegalLayout>
  );
}
