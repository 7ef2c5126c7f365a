// first-paint.json, published with each remote release: the first texts of each screen it
// exposes, which the server draws into the page's skeleton before any script arrives.
// The passenger reads the screen's heading at the first bytes, and the screen's largest text is
// painted then instead of when React renders it.
import type { OrderViewName } from './track-view.ts';

/** The languages of the app (the i18n resources of every screen). */
export type TextLanguage = 'en' | 'pl';

/** A screen's first texts, each where the screen itself draws it. */
export interface FirstTexts {
  /** The page's or the sheet's heading. */
  title?: string;
  /** A short muted line under the title (a step counter). */
  note?: string;
  /** The heading of the first card. */
  heading?: string;
  /** The first card's paragraph. */
  lead?: string;
  /** A field's label and the text it shows before anything is chosen (the map screens' sheet). */
  label?: string;
  placeholder?: string;
  /**
   * The heading by the view of the order the page opens (a ride link's Track panel), which the
   * server looks up; a view that is not here gets none.
   */
  titles?: Partial<Record<OrderViewName, string>>;
}

/** Exposed module ('./Auth') -> its first texts in each language. */
export type FirstPaint<Module extends string = string> = Partial<
  Record<Module, Partial<Record<TextLanguage, FirstTexts>>>
>;

/**
 * The apology page's entry in the host release's first-paint.json: the host draws that page
 * itself, and the server paints it on every path while the corporation is in maintenance.
 */
export const MAINTENANCE_FIRST_PAINT = './Maintenance';

/** Longest text the server puts into a page (a guard against a release's mistake, not a limit of design). */
export const FIRST_TEXT_MAX = 400;

/**
 * A header of every app page: what the page has in common with the pages of the other routes
 * (the host release, the corporation's settings and logo, the language). The service worker
 * keeps one page per route and opens a route on its own page only while that page's revision is
 * the latest page's, so a pin, a rollback or new branding still reaches the passenger within one
 * more start, whatever route it opens on.
 */
export const PAGE_REVISION_HEADER = 'X-Page-Revision';
