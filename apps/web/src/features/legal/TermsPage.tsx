import { LegalLayout } from './LegalLayout.tsx';
import { TERMS_DATE, TermsContent } from './TermsContent.tsx';

export function TermsPage() {
  return (
    <LegalLayout title="Terms of Use" updated={`Last updated ${TERMS_DATE}`}>
      <TermsContent />
    </LegalLayout>
  );
}
