// A style sheet imported for its effect (`import './ordering.css'`) becomes a module that adds
// it to the page as a <style> element when it runs, as style-loader did. The app's sheets have
// no url() or @import to resolve (a sheet with one fails the build) and the dev server reloads
// instead of swapping modules, so css-loader and style-loader brought only their runtimes:
// about 3 kB on every first screen.
import path from 'node:path';
import { transform } from 'lightningcss';

const ADD_STYLE = path.join(import.meta.dirname, 'add-style.js');

/** The browsers the app supports (README), as lightningcss versions: major << 16 | minor << 8. */
const TARGETS = {
  chrome: 94 << 16,
  edge: 94 << 16,
  firefox: 93 << 16,
  safari: (15 << 16) | (4 << 8),
};

/** What css-loader would have resolved: other sheets, and files other than data: URLs. */
function unresolved(css, filename) {
  const { dependencies = [] } = transform({
    filename,
    code: new TextEncoder().encode(css),
    analyzeDependencies: true,
  });
  return dependencies
    .filter((found) => found.type === 'import' || !found.url.startsWith('data:'))
    .map((found) => found.url);
}

/** Without comments and indentation, in syntax the oldest supported browser reads. */
export function minifyCss(css, filename = 'style.css') {
  const { code } = transform({
    filename,
    code: new TextEncoder().encode(css),
    minify: true,
    targets: TARGETS,
  });
  return new TextDecoder().decode(code);
}

/**
 * @this {{ mode: string, resourcePath: string }}
 * @param {string} source
 */
export default function styleSheetLoader(source) {
  const missing = unresolved(source, this.resourcePath);
  if (missing.length > 0)
    throw new Error(
      `${this.resourcePath}: @import and url() other than data: are not resolved here (${missing.join(', ')}); inline the sheet or the file`,
    );
  const css = this.mode === 'production' ? minifyCss(source, this.resourcePath) : source;
  return `import { addStyle } from ${JSON.stringify(ADD_STYLE)};\naddStyle(${JSON.stringify(css)});\n`;
}
