// Each release team's disk quota (RELEASE_TEAM_QUOTA_MB): a token cannot fill the server's disk
// with versions nobody runs. Uploads are rare, so the team's releases are measured at each one.
import { ApiFailure } from '../base/errors.ts';
import type { ReleaseStore } from './store.ts';

const MB = 1024 * 1024;

/** Each team's upload under way in this process (its check and its write). */
const uploading = new Map<string, Promise<unknown>>();

/**
 * Runs a team's uploads one after another in this process: two at once would both measure the
 * team's releases before either is written, and pass the quota together.
 */
export function oneUploadAtATime<T>(team: string, upload: () => Promise<T>): Promise<T> {
  const turn = (uploading.get(team) ?? Promise.resolve()).then(upload, upload);
  const settled = turn.catch(() => undefined);
  uploading.set(team, settled);
  void settled.then(() => {
    if (uploading.get(team) === settled) uploading.delete(team);
  });
  return turn;
}

/** Refuses an upload that would take a team's published releases past its quota. */
export async function withinQuota(
  store: ReleaseStore,
  team: string,
  files: Map<string, Buffer>,
  quotaMb: number,
): Promise<void> {
  let upload = 0;
  for (const bytes of files.values()) upload += bytes.length;
  const used = await store.bytesOf(team);
  if (used + upload > quotaMb * MB)
    throw new ApiFailure(
      'ACTION_NOT_ALLOWED',
      `team ${team}: its releases take ${(used / MB).toFixed(1)} MB; ${(upload / MB).toFixed(1)} MB more would pass its ${quotaMb} MB quota (RELEASE_TEAM_QUOTA_MB)`,
    );
}
