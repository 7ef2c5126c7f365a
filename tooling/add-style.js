/** Adds a style sheet to the page, after those added before it: sheets cascade in import order. */
export function addStyle(css) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}
