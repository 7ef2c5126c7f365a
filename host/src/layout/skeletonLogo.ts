/**
 * The corporation's logo as the server put it inside the page: a data: URL on the skeleton's
 * image, standing for the settings' `corp_logo` (its `data-src`). Kept before React replaces the
 * skeleton, so that the shell's bar shows the same copy at once instead of fetching the picture
 * again (one more request, and an empty bar until it came: 0.3 s or more on 2G).
 */
let kept: { url: string; src: string } | undefined;

export function keepSkeletonLogo(root: ParentNode = document): void {
  const image = root.querySelector<HTMLImageElement>('.sk img.sk-logo[data-src]');
  const url = image?.dataset.src;
  const src = image?.getAttribute('src');
  kept = url && src?.startsWith('data:') ? { url, src } : undefined;
}

/** What the bar's image loads for the logo at `url`: the page's own copy when it has one. */
export function logoSource(url: string): string {
  return kept?.url === url ? kept.src : url;
}
