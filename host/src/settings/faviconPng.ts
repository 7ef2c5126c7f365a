/**
 * Chromium fetches and decodes the page's favicon again at each change of screen (a navigation
 * inside the page). An SVG one makes it build an SVG document on the main thread each time
 * (5-13 ms at CPU ×4, at times before the paint of the tap that changed the screen) and, once its
 * cache time is over, a request on the passenger's network. So an SVG favicon is drawn once into
 * a small PNG inside the page, which those fetches then decode in a fraction of that.
 */
const SIZE = 96;

/** Draws an SVG favicon of the app's origin into a PNG (loaded once the browser is quiet). */
export async function keepFaviconAsPng(): Promise<void> {
  const link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link || !/\.svg$/i.test(new URL(link.href).pathname)) return;
  const image = new Image();
  image.src = link.href;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE;
  // An SVG with a size of its own keeps its proportions, centred; one without fills the square.
  const scale = SIZE / Math.max(image.naturalWidth, image.naturalHeight, 1);
  const [width, height] = image.naturalWidth
    ? [image.naturalWidth * scale, image.naturalHeight * scale]
    : [SIZE, SIZE];
  // A canvas in memory, not the GPU's: reading a GPU canvas back waits for the GPU process, which
  // may be busy starting the map (150 ms of main thread in this headless browser's software GL).
  canvas
    .getContext('2d', { willReadFrequently: true })
    ?.drawImage(image, (SIZE - width) / 2, (SIZE - height) / 2, width, height);
  // Throws for another origin's icon (the canvas is tainted): the SVG stays.
  link.href = canvas.toDataURL('image/png');
}
