// WCAG 1.4.10 Reflow, measured in the page: what does not fit a narrow window.
import type { Page } from 'playwright-core';

/** What does not fit on this screen: a page wider than the window, or a clipped control. */
export async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`;
    // Content that a scrolling row or the map clips is reached by scrolling or panning it.
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > width) {
      const wide = Array.from(document.body.querySelectorAll('*')).filter(
        (element) => element.getBoundingClientRect().right > width + 1 && !clipped(element),
      );
      found.push(
        `page scrolls sideways: ${document.documentElement.scrollWidth} > ${width} (${wide
          .slice(-3)
          .map(describe)
          .join(', ')})`,
      );
    }
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [role="button"], [role="radio"]',
    );
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
      if ((box.left < -1 || box.right > width + 1) && !clipped(control)) {
        found.push(`off screen (${Math.round(box.left)}–${Math.round(box.right)}): ${name}`);
      }
      // A control whose own text overflows its box shows only part of it.
      if (control.scrollWidth > control.clientWidth + 1 && control.tagName !== 'INPUT') {
        found.push(`text clipped (${control.scrollWidth} > ${control.clientWidth}): ${name}`);
      }
    }
    return found;
  });
}
