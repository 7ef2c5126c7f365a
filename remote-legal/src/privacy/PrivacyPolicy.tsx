import { Navigate } from 'react-router-dom';
import { addTranslations, SCREEN_PATHS } from '@taxi/shared';
import { TextDocument } from '../common/TextDocument';
import { useLegal } from '../common/useLegal';
import type { LegalSection } from '../common/LegalDocument';
import texts from './texts.json';

addTranslations('legal', texts);

/** The privacy policy of the application's operator; a legal-entity corporation has only its own. */
export default function PrivacyPolicy() {
  const { settings, values, text } = useLegal();
  if (settings.corp_legal) return <Navigate to={SCREEN_PATHS.PrivacyTaxi} replace />;
  return (
    <TextDocument
      name="privacy"
      meta={text('meta.dated')}
      extra={[text<LegalSection>('rights', { contactEmail: values.gdprEmail })]}
    />
  );
}
