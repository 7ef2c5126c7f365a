import type {
  ActiveOrder,
  ClientData,
  Feature,
  FeatureCategory,
  Settings,
  TrackLink,
} from '@taxi/contract';
import { atom, createStore } from 'jotai';
import { PREFERENCES_DEFAULTS, type LocalPreferences } from '../model/preferences';
import { deviceStorage } from './storage';

export const TOKEN_KEY = 'client_token';
export const PREFERENCES_KEY = 'preferences';

/**
 * THE store of the page. Module federation shares @taxi/shared as a singleton,
 * so every remote reads and writes these very atoms.
 */
export const sessionStore = createStore();

const tokenValueAtom = atom<string | null>(deviceStorage.read(TOKEN_KEY));
/** The client token, mirrored in localStorage under `client_token`. */
export const tokenAtom = atom(
  (get) => get(tokenValueAtom),
  (_get, set, token: string | null) => {
    deviceStorage.write(TOKEN_KEY, token);
    set(tokenValueAtom, token);
  },
);

/**
 * What the last check of the stored token found: GET_AUTH at start, or Auth's Try again.
 * 'unreachable' (no answer, or an HTTP error) keeps the token unconfirmed.
 */
export type TokenCheck = 'none' | 'valid' | 'rejected' | 'unreachable';
export const tokenCheckAtom = atom<TokenCheck>('none');

export const settingsAtom = atom<Settings | null>(null);
export const clientDataAtom = atom<ClientData | null>(null);
export const phoneAtom = atom<string | null>(null);
export const featuresAtom = atom<{ features: Feature[]; categories: FeatureCategory[] }>({
  features: [],
  categories: [],
});
/** An active order (GET_CURRENT_ORDERS) that can be opened: it has its tracking link. */
export type OpenableOrder = Pick<ActiveOrder, 'order_type' | 'state' | 'date_time' | 'created'> & {
  track: TrackLink;
};

export const activeOrdersAtom = atom<OpenableOrder[]>([]);

function readPreferences(): LocalPreferences {
  try {
    const stored = JSON.parse(deviceStorage.read(PREFERENCES_KEY) ?? '{}') as object;
    return { ...PREFERENCES_DEFAULTS, ...stored };
  } catch {
    return PREFERENCES_DEFAULTS;
  }
}

const preferencesValueAtom = atom<LocalPreferences>(readPreferences());
/** Local preferences with the spec's defaults, persisted on the device. */
export const preferencesAtom = atom(
  (get) => get(preferencesValueAtom),
  (get, set, change: Partial<LocalPreferences>) => {
    const next = { ...get(preferencesValueAtom), ...change };
    deviceStorage.write(PREFERENCES_KEY, JSON.stringify(next));
    set(preferencesValueAtom, next);
  },
);

export const isLoggedInAtom = atom((get) => Boolean(get(tokenAtom)));
