/** The URL space of the app (spec section 2): the host owns it, remotes render the screens. */
// From the contract itself (not the whole of shared): the host's build reads this table in Node.
import { SCREEN_PATHS, pathMatches, type ScreenName } from '@taxi/contract';
import type { RemoteModule, RemoteName } from './remoteScreens.ts';

export type { RemoteName };
export type LayoutName = 'default' | 'map' | 'maintenance';

/** A route; which remote module renders it (the host renders Maintenance itself). */
export type RouteRow = {
  path: string;
  screen: ScreenName;
  layout: LayoutName;
  public: boolean;
  /**
   * Screens a passenger usually opens from this one: their modules load once this screen is
   * shown and the browser is idle, so that the tap shows them in its next frame.
   */
  next?: readonly ScreenName[];
} & (RemoteModule | { remote?: undefined; module?: undefined });

export const ROUTE_TABLE: readonly RouteRow[] = [
  { path: SCREEN_PATHS.Maintenance, screen: 'Maintenance', layout: 'maintenance', public: true },
  {
    path: SCREEN_PATHS.Home,
    screen: 'Home',
    layout: 'map',
    public: false,
    remote: 'ordering',
    module: './Home',
    next: ['OrderSummary'],
  },
  {
    path: SCREEN_PATHS.Auth,
    screen: 'Auth',
    layout: 'default',
    public: true,
    remote: 'account',
    module: './Auth',
  },
  {
    path: SCREEN_PATHS.OrderHistory,
    screen: 'OrderHistory',
    layout: 'default',
    public: false,
    remote: 'ordering',
    module: './OrderHistory',
  },
  {
    path: SCREEN_PATHS.OrderSummary,
    screen: 'OrderSummary',
    layout: 'default',
    public: false,
    remote: 'ordering',
    module: './OrderSummary',
    // An order placed goes to Track, or to OrderSuccess without tracking.
    next: ['Track', 'OrderSuccess'],
  },
  {
    path: SCREEN_PATHS.OrderSuccess,
    screen: 'OrderSuccess',
    layout: 'default',
    public: false,
    remote: 'ordering',
    module: './OrderSuccess',
  },
  {
    path: SCREEN_PATHS.OrderExpanded,
    screen: 'OrderExpanded',
    layout: 'default',
    public: false,
    remote: 'ordering',
    module: './OrderExpanded',
  },
  {
    path: SCREEN_PATHS.OrderList,
    screen: 'OrderList',
    layout: 'default',
    public: false,
    remote: 'tracking',
    module: './OrderList',
  },
  {
    path: SCREEN_PATHS.Profile,
    screen: 'Profile',
    layout: 'default',
    public: false,
    remote: 'account',
    module: './Profile',
  },
  {
    path: SCREEN_PATHS.TrackWithQuery,
    screen: 'TrackWithQuery',
    layout: 'map',
    public: true,
    remote: 'tracking',
    module: './TrackWithQuery',
  },
  {
    path: SCREEN_PATHS.Track,
    screen: 'Track',
    layout: 'map',
    public: true,
    remote: 'tracking',
    module: './Track',
  },
  {
    path: SCREEN_PATHS.RateWithQuery,
    screen: 'RateWithQuery',
    layout: 'default',
    public: true,
    remote: 'tracking',
    module: './RateWithQuery',
  },
  {
    path: SCREEN_PATHS.Rate,
    screen: 'Rate',
    layout: 'default',
    public: true,
    remote: 'tracking',
    module: './Rate',
  },
  {
    path: SCREEN_PATHS.Receipt,
    screen: 'Receipt',
    layout: 'default',
    public: true,
    remote: 'tracking',
    module: './Receipt',
  },
  {
    path: SCREEN_PATHS.Invoice,
    screen: 'Invoice',
    layout: 'default',
    // Opened from a mail or a bookmark; the server shows it to the signed-in owner only.
    public: true,
    remote: 'tracking',
    module: './Invoice',
  },
  {
    path: SCREEN_PATHS.AboutApp,
    screen: 'AboutApp',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './AboutApp',
  },
  {
    path: SCREEN_PATHS.InstallAppAndroid,
    screen: 'InstallAppAndroid',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './InstallAppAndroid',
  },
  {
    path: SCREEN_PATHS.InstallAppIOS,
    screen: 'InstallAppIOS',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './InstallAppIOS',
  },
  {
    path: SCREEN_PATHS.PrivacyPolicy,
    screen: 'PrivacyPolicy',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './PrivacyPolicy',
  },
  {
    path: SCREEN_PATHS.PrivacyTaxi,
    screen: 'PrivacyTaxi',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './PrivacyTaxi',
  },
  {
    path: SCREEN_PATHS.Regulations,
    screen: 'Regulations',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './Regulations',
  },
  {
    path: SCREEN_PATHS.DeleteAccount,
    screen: 'DeleteAccount',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './DeleteAccount',
  },
];

/** Start-up hash links (#privacy ...) and the page each one opens. */
export const HASH_REDIRECTS: Readonly<Record<string, string>> = {
  privacy: SCREEN_PATHS.PrivacyPolicy,
  privacytaxi: SCREEN_PATHS.PrivacyTaxi,
  regulations: SCREEN_PATHS.Regulations,
  deleteaccount: SCREEN_PATHS.DeleteAccount,
};

/** The remote modules of the screens `row` names as next (RouteRow.next). */
export function nextModules(row: RouteRow): RemoteModule[] {
  return ROUTE_TABLE.filter(
    (other): other is RouteRow & RemoteModule =>
      !!row.next?.includes(other.screen) && other.remote !== undefined,
  ).map(({ remote, module }) => ({ remote, module }) as RemoteModule);
}

/** The row a pathname belongs to, if any. */
export function findRoute(pathname: string): RouteRow | undefined {
  return ROUTE_TABLE.find((row) => pathMatches(row.path, pathname));
}

export function isPublicPath(pathname: string): boolean {
  return findRoute(pathname)?.public ?? false;
}
