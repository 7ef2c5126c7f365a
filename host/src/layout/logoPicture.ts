/**
 * The corporation's logo is one <img> for the app's life, moved into whichever bar is shown: for
 * a new <img> of an SVG the browser builds a document again (10-60 ms inside a tap at CPU ×4,
 * on the first change of layout). The first is the skeleton's own, the copy the server put inside
 * the page (a data: URL standing for the settings' `corp_logo`, its `data-src`), so that the bar
 * shows it at once instead of fetching the picture again (an empty bar for 0.3 s or more on 2G).
 */
let picture: { url: string; image: HTMLImageElement } | undefined;

/** Keeps the skeleton's logo before React replaces the skeleton. */
export function keepSkeletonLogo(root: ParentNode = document): void {
  const image = root.querySelector<HTMLImageElement>('.sk img.sk-logo[data-src]');
  const url = image?.dataset.src;
  picture = url && image.getAttribute('src')?.startsWith('data:') ? { url, image } : undefined;
}

/** The logo's one picture for the address `url`, named `name`. */
export function logoPicture(url: string, name: string): HTMLImageElement {
  if (picture?.url !== url) {
    const image = document.createElement('img');
    image.src = url;
    picture = { url, image };
  }
  const { image } = picture;
  image.className = 'sh-logo__image';
  image.alt = name;
  delete image.dataset.src;
  return image;
}
