// The parts a corporation file points at a release of (its `releases` section), named by the
// file's schema (@taxi/contract/schemas), here below releases/, which serves them.
import { NEWEST, RELEASE_PARTS, REMOTE_PARTS } from '@taxi/contract/schemas';

/** Everything the host loads at run time; the host itself is served as the SPA page. */
export const REMOTES = REMOTE_PARTS;
export const RELEASE_NAMES = RELEASE_PARTS;
export type ReleaseName = (typeof RELEASE_NAMES)[number];

/**
 * The pointer of a part its corporation does not pin, under UNPINNED_RELEASES=newest (development
 * only): the highest published version. Not a version, channel or URL, so never written in a file.
 */
export { NEWEST };
