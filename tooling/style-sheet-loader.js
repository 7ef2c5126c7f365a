// A style sheet imported for its effect (`import './ordering.css'`) becomes a module that adds
// it to the page as a <style> element when it runs, as style-loader did. The app's sheets have
// no url() or @import to resolve (a sheet with one fails the build) and the dev server reloads
// instead of swapping modules, so css-loader and style-loader brought only their runtimes:
// about 3 kB on every first screen.
import path from 'node:path';
import { transform } from 'lightningcss';

const ADD_STYLE = path.join(import.meta.dirname, 'add-style.js');

/** The browsers the app supports (docs/architecture.md), as lightningcss versions: major << 16 | minor << 8. */
const TARGETS = {
  chrome: 94 << 16,
  edge: 94 << 16,
  firefox: 93 << 16,
  safari: (15 << 16) | (4 << 8),
};

/** Whether a selector names a class `unused` matches. */
const names = (selector, unused) =>
  selector.some((part) => part.type === 'class' && unused.test(part.name));

/** A style rule without its selectors naming an unused class: none, itself, or a trimmed copy. */
function withoutUnused(rule, unused) {
  const selectors = rule.value.selectors.filter((selector) => !names(selector, unused));
  if (selectors.length === rule.value.selectors.length) return [rule];
  return selectors.length === 0 ? [] : [{ ...rule, value: { ...rule.value, selectors } }];
}

/**
 * Rule visitors that leave out the rules of unused classes. A visitor returns what replaces the
 * rule, or nothing to keep it as it is.
 */
const leaveOut = (unused) => ({
  style(rule) {
    const kept = withoutUnused(rule, unused);
    return kept[0] === rule ? undefined : kept;
  },
  // A block of such rules alone (a media query's icons) goes with them.
  media(rule) {
    const rules = rule.value.rules.flatMap((inner) =>
      inner.type === 'style' ? withoutUnused(inner, unused) : [inner],
    );
    if (rules.length === rule.value.rules.length) return undefined;
    return rules.length === 0 ? [] : { ...rule, value: { ...rule.value, rules } };
  },
  keyframes: (rule) => (unused.test(rule.value.name.value) ? [] : undefined),
});

/**
 * One read of a sheet by lightningcss: the sheet (minified, or printed as read) and what
 * css-loader would have resolved in it: other sheets, and files other than data: URLs. Rules
 * for the classes `unused` matches (a library's parts the app never creates) are left out, and
 * so are their keyframes and the blocks they leave empty.
 */
function readSheet(css, filename, minify, unused) {
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
        ...(unused && leaveOut(unused)),
      },
    },
  });
  return { css: new TextDecoder().decode(code), unresolved };
}

/** Without comments and indentation, in syntax the oldest supported browser reads. */
export function minifyCss(css, filename = 'style.css', unused = undefined) {
  return readSheet(css, filename, true, unused).css;
}

/**
 * The sheet's top-level rules and statements, each whole (a media block with its rules), in
 * order and without comments: what the page inserts one by one through the CSSOM (add-style.js).
 * Strings, url() and comments are skipped over, so a brace or semicolon in them splits nothing.
 */
export function topLevelRules(css) {
  const rules = [];
  let depth = 0;
  let start = 0;
  let text = '';
  for (let at = 0; at < css.length; at++) {
    const char = css[at];
    if (char === '\\') {
      at += 1;
    } else if (char === '/' && css[at + 1] === '*') {
      const end = css.indexOf('*/', at + 2);
      text += css.slice(start, at);
      at = end < 0 ? css.length : end + 1;
      start = at + 1;
    } else if (char === '"' || char === "'") {
      at = stringEnd(css, at, char);
    } else if (
      /^url\(/i.test(css.slice(at, at + 4)) &&
      !/["']/.test(css.slice(at + 4).trimStart()[0] ?? '')
    ) {
      at = stringEnd(css, at + 3, ')');
    } else if (char === '{') {
      depth += 1;
    } else if (char === '}' || (char === ';' && depth === 0)) {
      if (char === '}') depth -= 1;
      if (depth === 0) {
        const rule = (text + css.slice(start, at + 1)).trim();
        if (rule !== ';') rules.push(rule);
        text = '';
        start = at + 1;
      }
    }
  }
  return rules;
}

/** Where a string (or an unquoted url) that opens at `at` ends: its closing `close`, escapes skipped. */
function stringEnd(css, at, close) {
  for (let end = at + 1; end < css.length; end++) {
    if (css[end] === '\\') end += 1;
    else if (css[end] === close) return end;
  }
  return css.length;
}

/**
 * Options: `unused`, the source of a RegExp of class names whose rules to leave out.
 * @this {{ mode: string, resourcePath: string, getOptions?: () => { unused?: string } }}
 * @param {string} source
 */
export default function styleSheetLoader(source) {
  const production = this.mode === 'production';
  const { unused } = this.getOptions?.() ?? {};
  const read = readSheet(source, this.resourcePath, production, unused && new RegExp(unused));
  if (read.unresolved.length > 0)
    throw new Error(
      `${this.resourcePath}: @import and url() other than data: are not resolved here (${read.unresolved.join(', ')}); inline the sheet or the file`,
    );
  const css = production || unused ? read.css : source;
  return `import { addStyle } from ${JSON.stringify(ADD_STYLE)};\naddStyle(${JSON.stringify(topLevelRules(css))});\n`;
}
