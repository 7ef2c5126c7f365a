/** Reloads the app (after the phone is verified, spec section 4). */
export function reloadPage(): void {
  window.location.reload();
}
