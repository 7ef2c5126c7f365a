import { addTranslations } from '@taxi/shared';
import { ExternalRedirect } from '../common/ExternalRedirect';
import { TextDocument } from '../common/TextDocument';
import { useLegal } from '../common/useLegal';
import texts from './texts.json';

addTranslations('legal', texts);

/** Terms of service, in force from `regulations_start_date`; or the corporation's own (`regulations_link`). */
export default function Regulations() {
  const { settings, text } = useLegal();
  return (
    <ExternalRedirect url={settings.regulations_link}>
      <TextDocument name="regulations" meta={text('meta.inForce')} />
    </ExternalRedirect>
  );
}
