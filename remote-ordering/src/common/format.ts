/** Date-times as the server sends them ('YYYY-MM-DD HH:MM:SS'), shown to the minute. */
export function shortDateTime(value: string | null | undefined): string {
  return (value ?? '').replace('T', ' ').slice(0, 16);
}
