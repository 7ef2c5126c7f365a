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

/**
 * One read of a sheet by lightningcss: the sheet (minified, or printed as read) and what
 * css-loader would have resolved in it: other sheets, and files other than data: URLs.
 */
function readSheet(css, filename, minify) {
  const unresolved = [];
  const { code } = transform({
    filename,
    code: new TextEncoder().encode(css),
    minify,
    targets: TARGETS,
    visitor: {
      Url(url) {
        if (!url.url.startsWith('data:')) unresolved.push(url.url);
      },
      Rule: {
        import(rule) {
          unresolved.push(rule.value.url);
        },
      },
    },
  });
  return { css: new TextDecoder().decode(code), unresolved };
}

/** Without comments and indentation, in syntax the oldest supported browser reads. */
export function minifyCss(css, filename = 'style.css') {
  return readSheet(css, filename, true).css;
}

/**
 * @this {{ mode: string, resourcePath: string }}
 * @param {string} source
 */
export default function styleSheetLoader(source) {
  const production = this.mode === 'production';
  const read = readSheet(source, this.resourcePath, production);
  if (read.unresolved.length > 0)
    throw new Error(
      `${this.resourcePath}: @import and url() other than data: are not resolved here (${read.unresolved.join(', ')}); inline the sheet or the file`,
    );
  const css = production ? read.css : source;
  return `import { addStyle } from ${JSON.stringify(ADD_STYLE)};\naddStyle(${JSON.stringify(css)});\n`;
}
