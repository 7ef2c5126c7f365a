// Reading what the browser is sent or kept (socket messages, stored drafts, history entries)
// leniently: a value of the wrong kind becomes the empty value of its field, so one odd field
// never loses the rest (docs/decisions/0014-schemas-at-the-servers-edge.md).

/** A number, also from its text; null otherwise. */
export function numberOf(value: unknown): number | null {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
}

/** A text, also from a number; '' otherwise. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
