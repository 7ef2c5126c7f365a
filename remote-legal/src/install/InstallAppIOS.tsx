import { addTranslations } from '@taxi/shared';
import { TextDocument } from '../common/TextDocument';
import texts from './texts.json';

addTranslations('legal', texts);

/** How to add the web app to the home screen from Safari. */
export default function InstallAppIOS() {
  return <TextDocument name="ios" />;
}
