import { SCREEN_PATHS, type Settings } from '@taxi/shared';
import type { InstallPlatform } from '../install/installability';
import { installPath } from '../install/installability';

export type DrawerEntry =
  | { kind: 'profile'; to: string }
  | { kind: 'link'; id: string; to: string }
  | { kind: 'external'; id: string; href: string; label: string }
  | { kind: 'call'; numbers: Settings['call_us_data'] }
  | { kind: 'logout' };

export interface DrawerContext {
  loggedIn: boolean;
  activeOrders: number;
  installPlatform: InstallPlatform | null;
  settings: Settings;
}

/** The side drawer's entries, in the spec's order, with its visibility rules (section 2). */
export function drawerEntries({
  loggedIn,
  activeOrders,
  installPlatform,
  settings,
}: DrawerContext): DrawerEntry[] {
  const entries: DrawerEntry[] = [];
  if (loggedIn) entries.push({ kind: 'profile', to: SCREEN_PATHS.Profile });
  if (loggedIn) entries.push({ kind: 'link', id: 'home', to: SCREEN_PATHS.Home });
  if (loggedIn && activeOrders > 0)
    entries.push({ kind: 'link', id: 'active_rides', to: SCREEN_PATHS.OrderList });
  if (installPlatform)
    entries.push({ kind: 'link', id: 'install', to: installPath(installPlatform) });
  for (const link of settings.corp_links) {
    if (link?.url)
      entries.push({ kind: 'external', id: 'website', href: link.url, label: link.name });
  }
  if (settings.call_us_data.length > 0)
    entries.push({ kind: 'call', numbers: settings.call_us_data });
  entries.push({ kind: 'link', id: 'regulations', to: SCREEN_PATHS.Regulations });
  if (!settings.corp_legal)
    entries.push({ kind: 'link', id: 'privacy_policy', to: SCREEN_PATHS.PrivacyPolicy });
  entries.push({ kind: 'link', id: 'privacy_policy_taxi', to: SCREEN_PATHS.PrivacyTaxi });
  entries.push({ kind: 'link', id: 'about', to: SCREEN_PATHS.AboutApp });
  if (loggedIn) entries.push({ kind: 'logout' });
  return entries;
}
