import { SCREEN_PATHS } from '@taxi/shared';
/**
 * Install is offered only in browser mode on Android or iOS, and not inside the
 * company's own app, whose web view marks its user agent with this token.
 */
export const COMPANY_APP_UA_TOKEN = 'TaxiPassengerApp';

export type InstallPlatform = 'android' | 'ios';

export interface InstallContext {
  userAgent: string;
  /** display-mode: standalone, or iOS navigator.standalone */
  standalone: boolean;
}

export function installPlatform({ userAgent, standalone }: InstallContext): InstallPlatform | null {
  if (standalone || userAgent.includes(COMPANY_APP_UA_TOKEN)) return null;
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  return null;
}

export function currentInstallContext(): InstallContext {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return { userAgent: navigator.userAgent, standalone };
}

export function installPath(platform: InstallPlatform): string {
  return platform === 'android' ? SCREEN_PATHS.InstallAppAndroid : SCREEN_PATHS.InstallAppIOS;
}
