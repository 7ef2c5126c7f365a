import { addTranslations } from '@taxi/shared';
import { ExternalRedirect } from '../common/ExternalRedirect';
import { TextDocument } from '../common/TextDocument';
import { useLegal } from '../common/useLegal';
import type { LegalSection } from '../common/LegalDocument';
import texts from './texts.json';

addTranslations('legal', texts);

/** The taxi corporation's privacy policy: its own page when it has one (`gdpr_policy_link`). */
export default function PrivacyTaxi() {
  const { settings, values, text } = useLegal();
  return (
    <ExternalRedirect url={settings.gdpr_policy_link}>
      <TextDocument
        name="privacyTaxi"
        meta={text('meta.dated')}
        extra={[text<LegalSection>('rights', { contactEmail: values.adminEmail })]}
      />
    </ExternalRedirect>
  );
}
