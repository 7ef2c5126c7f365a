// Minifies a style sheet before css-loader turns it into JavaScript: style-loader ships CSS
// inside the scripts, where its comments and indentation were bytes of every first screen.
import { transform } from 'lightningcss';

/** The browsers the app supports (README), as lightningcss versions: major << 16 | minor << 8. */
const TARGETS = {
  chrome: 94 << 16,
  edge: 94 << 16,
  firefox: 93 << 16,
  safari: (15 << 16) | (4 << 8),
};

/**
 * @this {{ resourcePath: string }}
 * @param {string} source
 */
export default function minifyCss(source) {
  const { code } = transform({
    filename: this.resourcePath,
    code: new TextEncoder().encode(source),
    minify: true,
    targets: TARGETS,
  });
  return new TextDecoder().decode(code);
}
