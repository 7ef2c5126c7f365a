/** The URL space of the app (spec section 2): the host owns it, remotes render the screens. */
export type RemoteName = 'ordering' | 'tracking' | 'account' | 'legal';
export type LayoutName = 'default' | 'map' | 'maintenance';

export interface RouteRow {
  path: string;
  screen: string;
  layout: LayoutName;
  public: boolean;
  /** Which remote module renders it; the host renders Maintenance itself. */
  remote?: RemoteName;
  module?: string;
}

export const MAINTENANCE_PATH = '/maintenance/';
export const HOME_PATH = '/';
export const AUTH_PATH = '/auth/';

export const ROUTE_TABLE: readonly RouteRow[] = [
  { path: MAINTENANCE_PATH, screen: 'Maintenance', layout: 'maintenance', public: true },
  {
    path: HOME_PATH,
    screen: 'Home',
    layout: 'map',
    public: false,
    remote: 'ordering',
    module: './Home',
  },
  {
    path: AUTH_PATH,
    screen: 'Auth',
    layout: 'default',
    public: true,
    remote: 'account',
    module: './Auth',
  },
  {
    path: '/history/',
    screen: 'OrderHistory',
    layout: 'default',
    public: false,
    remote: 'ordering',
    module: './OrderHistory',
  },
  {
    path: '/summary/',
    screen: 'OrderSummary',
    layout: 'default',
    public: false,
    remote: 'ordering',
    module: './OrderSummary',
  },
  {
    path: '/success/',
    screen: 'OrderSuccess',
    layout: 'default',
    public: false,
    remote: 'ordering',
    module: './OrderSuccess',
  },
  {
    path: '/order-expanded/',
    screen: 'OrderExpanded',
    layout: 'default',
    public: false,
    remote: 'ordering',
    module: './OrderExpanded',
  },
  {
    path: '/orders/',
    screen: 'OrderList',
    layout: 'default',
    public: false,
    remote: 'tracking',
    module: './OrderList',
  },
  {
    path: '/settings/',
    screen: 'Profile',
    layout: 'default',
    public: false,
    remote: 'account',
    module: './Profile',
  },
  {
    path: '/track/',
    screen: 'TrackWithQuery',
    layout: 'map',
    public: true,
    remote: 'tracking',
    module: './TrackWithQuery',
  },
  {
    path: '/t/:o/:p',
    screen: 'Track',
    layout: 'map',
    public: true,
    remote: 'tracking',
    module: './Track',
  },
  {
    path: '/rate/',
    screen: 'RateWithQuery',
    layout: 'default',
    public: true,
    remote: 'tracking',
    module: './RateWithQuery',
  },
  {
    path: '/r/:o/:p',
    screen: 'Rate',
    layout: 'default',
    public: true,
    remote: 'tracking',
    module: './Rate',
  },
  {
    path: '/about-app/',
    screen: 'AboutApp',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './AboutApp',
  },
  {
    path: '/install-android/',
    screen: 'InstallAppAndroid',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './InstallAppAndroid',
  },
  {
    path: '/install-ios/',
    screen: 'InstallAppIOS',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './InstallAppIOS',
  },
  {
    path: '/privacy-policy/',
    screen: 'PrivacyPolicy',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './PrivacyPolicy',
  },
  {
    path: '/privacy-taxi/',
    screen: 'PrivacyTaxi',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './PrivacyTaxi',
  },
  {
    path: '/regulations/',
    screen: 'Regulations',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './Regulations',
  },
  {
    path: '/delete-account/',
    screen: 'DeleteAccount',
    layout: 'default',
    public: true,
    remote: 'legal',
    module: './DeleteAccount',
  },
];

/** Start-up hash links (#privacy ...) and the page each one opens. */
export const HASH_REDIRECTS: Readonly<Record<string, string>> = {
  privacy: '/privacy-policy/',
  privacytaxi: '/privacy-taxi/',
  regulations: '/regulations/',
  deleteaccount: '/delete-account/',
};

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return (
    want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i])
  );
}

/** The row a pathname belongs to, if any. */
export function findRoute(pathname: string): RouteRow | undefined {
  return ROUTE_TABLE.find((row) => matches(row.path, pathname));
}

export function isPublicPath(pathname: string): boolean {
  return findRoute(pathname)?.public ?? false;
}
