import type { TLegalDocument } from '@livecart/contract/checkout';
import { useTranslation } from 'react-i18next';
import { FieldError } from './controls';

/** The seller's legal texts, each opening in a new tab, and the terms to accept before paying. */
export function LegalConsent({
  documents,
  accepted,
  onChange,
  error,
}: {
  documents: TLegalDocument[];
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="co-card" id="co-accept_terms">
      {documents.length > 0 && (
        <ul className="co-docs">
          {documents.map((d) => (
            <li key={d.type}>
              <a href={d.url} target="_blank" rel="noreferrer" data-testid={`legal-${d.type}`}>
                {t(`checkout.doc.${d.type}`)}
              </a>
            </li>
          ))}
        </ul>
      )}
      <label className="co-check">
        <input
          type="checkbox"
          checked={accepted}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={!!error}
          data-testid="terms-checkbox"
        />
        <span>{t('checkout.acceptTerms')}</span>
      </label>
      <FieldError id="co-terms-error" text={error} />
    </section>
  );
}
