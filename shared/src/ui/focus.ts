import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), textarea, select, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap around inside a modal panel, never reaching the page behind it. */
export function keepTabInside(event: KeyboardEvent, panel: HTMLElement | null): void {
  if (event.key !== 'Tab' || !panel) return;
  const list = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
