import { startTransition, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';

/**
 * Renders the app's first screen as a transition: React renders it in slices of a few
 * milliseconds and yields to the browser between them, instead of in one task that held a slow
 * phone's main thread (and the passenger's first tap) for hundreds of milliseconds. The server's
 * skeleton stays on the page meanwhile, and the screen replaces it in one commit.
 */
export function renderInSlices(root: Root, app: ReactNode): void {
  startTransition(() => root.render(app));
}
