import { useMemo } from 'react';
import { currentInstallContext, installPlatform, type InstallPlatform } from './installability';

export function useInstallPlatform(): InstallPlatform | null {
  return useMemo(() => installPlatform(currentInstallContext()), []);
}
