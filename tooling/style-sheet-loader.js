// A style sheet imported for its effect (`import './ordering.css'`) becomes a module that adds
// it to the page as a <style> element when it runs, as style-loader did. The app's sheets have
// no url() or @import to resolve and the dev server reloads instead of swapping modules, so
// css-loader and style-loader brought only their runtimes: 2.5-3 kB on every first screen.
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
  const css = this.mode === 'production' ? minifyCss(source, this.resourcePath) : source;
  return `import { addStyle } from ${JSON.stringify(ADD_STYLE)};\naddStyle(${JSON.stringify(css)});\n`;
}
