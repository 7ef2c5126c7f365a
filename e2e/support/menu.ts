import type { Page } from 'playwright-core';

/** Opens the menu and follows one of its links, as a passenger reaches a screen from anywhere. */
export async function openFromMenu(page: Page, link: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: link }).click();
}

/**
 * My account through the bottom bar, in English or Polish, as a passenger opens it (a first load
 * of a page that is not public goes Home).
 */
export async function openProfile(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: /^(Main navigation|Nawigacja główna)$/ })
    .getByRole('link', { name: /^Profile?$/ })
    .click();
  await page.getByRole('heading', { level: 1, name: /^(My account|Moje konto)$/ }).waitFor();
}
