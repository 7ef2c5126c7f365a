import { useAtom, useAtomValue } from 'jotai';
import {
  clientDataAtom,
  featuresAtom,
  orderDraftAtom,
  preferencesAtom,
  SETTINGS_DEFAULTS,
  settingsAtom,
} from '@taxi/shared';

/** What every ordering screen reads: settings, the draft, the client and the features. */
export function useOrdering() {
  const settings = useAtomValue(settingsAtom) ?? SETTINGS_DEFAULTS;
  const [draft, setDraft] = useAtom(orderDraftAtom);
  const client = useAtomValue(clientDataAtom);
  const features = useAtomValue(featuresAtom);
  const dark = useAtomValue(preferencesAtom).dark_mode;
  return { settings, draft, setDraft, client, features, dark };
}
