import { addTranslations } from '@taxi/shared';
import { ExternalRedirect } from '../common/ExternalRedirect';
import { TextDocument } from '../common/TextDocument';
import { useLegal } from '../common/useLegal';
import texts from './texts.json';

addTranslations('legal', texts);

/** The corporation's app in the store (`android_url`), else how to add the web app in Chrome. */
export default function InstallAppAndroid() {
  const { settings } = useLegal();
  return (
    <ExternalRedirect url={settings.android_url}>
      <TextDocument name="android" />
    </ExternalRedirect>
  );
}
