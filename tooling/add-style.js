/**
 * Adds a style sheet to the page, after those added before it: sheets cascade in import order.
 * The rules go in through the CSSOM (insertRule), which the page's Content-Security-Policy does
 * not count as inline style; their <style> element stays empty, which the policy allows by the
 * empty text's hash. A rule this browser cannot read is left out, as it would be from a sheet.
 * @param {string[]} rules
 */
export function addStyle(rules) {
  const style = document.createElement('style');
  document.head.append(style);
  const sheet = /** @type {CSSStyleSheet} */ (style.sheet);
  for (const rule of rules) {
    try {
      sheet.insertRule(rule, sheet.cssRules.length);
    } catch {
      // not for this browser (a prefixed selector of another engine)
    }
  }
}
