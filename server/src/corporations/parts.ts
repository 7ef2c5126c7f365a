// The parts a corporation file points at a release of (its `releases` section), named here, below
// releases/, which serves them.

/** Everything the host loads at run time; the host itself is served as the SPA page. */
export const REMOTES = ['ordering', 'tracking', 'account', 'legal'] as const;
export const RELEASE_NAMES = ['host', ...REMOTES] as const;
export type ReleaseName = (typeof RELEASE_NAMES)[number];

/**
 * The pointer of a part its corporation does not pin, under UNPINNED_RELEASES=newest (development
 * only): the highest published version. Not a version, channel or URL, so never written in a file.
 */
export const NEWEST = '(newest)';
