// The URL space of the app (spec section 2): the path of every screen and the links to one
// order. The host's route table, every remote and the server (robots.txt) take them from here.

/** Each screen of spec section 2 and its path (a react-router pattern). */
export const SCREEN_PATHS = {
  Maintenance: '/maintenance/',
  Home: '/',
  Auth: '/auth/',
  OrderHistory: '/history/',
  OrderSummary: '/summary/',
  OrderSuccess: '/success/',
  OrderExpanded: '/order-expanded/',
  OrderList: '/orders/',
  Profile: '/settings/',
  TrackWithQuery: '/track/',
  Track: '/t/:o/:p',
  RateWithQuery: '/rate/',
  Rate: '/r/:o/:p',
  /** Extension (docs/choices.md, "Receipts"): a finished ride's receipt; /r/ is the spec's Rate. */
  Receipt: '/receipt/:o/:p',
  /** Extension (docs/invoices.md): a business ride's VAT invoice, for its signed-in owner. */
  Invoice: '/invoice/:o/',
  AboutApp: '/about-app/',
  InstallAppAndroid: '/install-android/',
  InstallAppIOS: '/install-ios/',
  PrivacyPolicy: '/privacy-policy/',
  PrivacyTaxi: '/privacy-taxi/',
  Regulations: '/regulations/',
  DeleteAccount: '/delete-account/',
} as const;

export type ScreenName = keyof typeof SCREEN_PATHS;

/**
 * The parameters of `pathname` as a path of `pattern` (each `:name` stands for one segment, as
 * it comes, still URL-encoded; empty segments do not count), or undefined when it is not one.
 */
export function pathParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = have[i]!;
    else if (part !== have[i]) return undefined;
  }
  return params;
}

/** Whether `pathname` is a path of `pattern`. */
export function pathMatches(pattern: string, pathname: string): boolean {
  return pathParams(pattern, pathname) !== undefined;
}

/** The screen a path opens, if any. */
export function screenAt(pathname: string): ScreenName | undefined {
  return (Object.keys(SCREEN_PATHS) as ScreenName[]).find((screen) =>
    pathMatches(SCREEN_PATHS[screen], pathname),
  );
}

/** What opens one order's public links: anyone holding both may follow and rate the ride and read its receipt. */
export interface OrderKey {
  /** `o`: the order's short id. */
  shortId: string;
  /** `p`: the order's secret. */
  secret: string;
}

/** Fills `:o` and `:p` of a screen's pattern (a function replacement: `$` stays literal). */
function orderPath(pattern: string, { shortId, secret }: OrderKey): string {
  return pattern
    .replace(':o', () => encodeURIComponent(shortId))
    .replace(':p', () => encodeURIComponent(secret));
}

/** /t/{o}/{p}: follow the order live. */
export function trackLink(key: OrderKey): string {
  return orderPath(SCREEN_PATHS.Track, key);
}

/** /r/{o}/{p}: rate the ride. */
export function rateLink(key: OrderKey): string {
  return orderPath(SCREEN_PATHS.Rate, key);
}

/** /receipt/{o}/{p}: the receipt of a finished ride. */
export function receiptLink(key: OrderKey): string {
  return orderPath(SCREEN_PATHS.Receipt, key);
}

/** /invoice/{o}/: the VAT invoice of the passenger's own business ride (no secret: owner only). */
export function invoiceLink(shortId: string): string {
  return SCREEN_PATHS.Invoice.replace(':o', () => encodeURIComponent(shortId));
}

/** The tracking link as someone else opens it: absolute, on the app's origin (the page's own). */
export function publicTrackUrl(key: OrderKey, origin: string): string {
  return `${origin}${trackLink(key)}`;
}
