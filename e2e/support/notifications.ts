// The ride notifications a page's service worker shows (docs/ride-notifications.md), read in
// any engine that has them (tests/notifications.test.ts, engines/firefox.test.ts).
import { untilInPage, type Evaluates } from './poll.ts';

/**
 * An init script: the page notes each notification its worker's registration has finished
 * showing (the call passes through unchanged). The test reads the browser's list only after that:
 * polling getNotifications() while the page's notification was being shown lost it in about one
 * run in ten (the call resolved, the list stayed empty for 30 s, a probe shown later was listed
 * at once), apparently because Chromium's read tidies away what it does not yet see displayed.
 */
export function noteShownNotifications(): void {
  // A document without workers (about:blank, an insecure one) has nothing to note.
  if (typeof ServiceWorkerRegistration === 'undefined') return;
  const show = ServiceWorkerRegistration.prototype.showNotification;
  const titles: string[] = [];
  Object.assign(window, { shownNotificationTitles: titles });
  ServiceWorkerRegistration.prototype.showNotification = async function (title, options) {
    await show.call(this, title, options);
    titles.push(title);
  };
}

/** Resolves once the page has finished showing a notification titled `title`. */
export function untilShown(page: Evaluates, title: string): Promise<void> {
  return untilInPage(
    page,
    async (wanted) =>
      (window as unknown as { shownNotificationTitles: string[] }).shownNotificationTitles.includes(
        wanted,
      ),
    title,
    { what: `the “${title}” notification` },
  );
}

/** The notifications the page's service worker shows, newest last. */
export function shown(page: Evaluates) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const list = (await registration?.getNotifications()) ?? [];
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  }, null);
}
