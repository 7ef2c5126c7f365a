import type { Page } from 'playwright-core';

/** Opens the menu and follows one of its links, as a passenger reaches a screen from anywhere. */
export async function openFromMenu(page: Page, link: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: link }).click();
}

/** My account, through the bottom bar (a first load of a page behind the login opens Home). */
export async function openProfile(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
}
