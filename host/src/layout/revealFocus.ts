/**
 * WCAG 2.4.11: a control the keyboard reaches is scrolled whole into view, clear of the bars
 * that stay on screen (the scroll-padding of ui.css and ordering.css), in the page, a sheet or a
 * row of chips. Chromium scrolls only a control that is entirely out of view, so one partly
 * under the sticky Back/Order bar, or half out of a chips row, stayed there.
 */
export function revealKeyboardFocus(): void {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof Element && target.matches(':focus-visible')) {
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  });
}
