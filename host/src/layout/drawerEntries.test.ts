import { normaliseSettings } from '@taxi/shared';
import { drawerEntries, type DrawerContext } from './drawerEntries';

const settings = normaliseSettings({
  corp: 'Taxi',
  corp_links: [{ name: 'taxi.example', url: 'https://taxi.example' }],
  call_us_data: [{ phone: '+48221234567', owner: 'Dispatch' }],
});

function ids(context: Partial<DrawerContext>): string[] {
  return drawerEntries({
    loggedIn: false,
    activeOrders: 0,
    installPlatform: null,
    settings,
    ...context,
  }).map((entry) => ('id' in entry ? entry.id : entry.kind));
}

describe('drawer entries', () => {
  it('lists every entry in the spec order for a logged-in passenger with an active ride', () => {
    expect(ids({ loggedIn: true, activeOrders: 1, installPlatform: 'android' })).toEqual([
      'profile',
      'home',
      'active_rides',
      'install',
      'website',
      'call',
      'regulations',
      'privacy_policy',
      'privacy_policy_taxi',
      'about',
      'logout',
    ]);
  });

  it('hides home, profile and logout without a token', () => {
    const entries = ids({ loggedIn: false, activeOrders: 2 });
    expect(entries).not.toContain('profile');
    expect(entries).not.toContain('home');
    expect(entries).not.toContain('logout');
    expect(entries).not.toContain('active_rides');
  });

  it('shows active rides only when one exists', () => {
    expect(ids({ loggedIn: true, activeOrders: 0 })).not.toContain('active_rides');
  });

  it('hides the privacy policy for a legal corporation', () => {
    const legal = { ...settings, corp_legal: true };
    const entries = drawerEntries({
      loggedIn: true,
      activeOrders: 0,
      installPlatform: null,
      settings: legal,
    });
    expect(entries.some((entry) => 'id' in entry && entry.id === 'privacy_policy')).toBe(false);
    expect(entries.some((entry) => 'id' in entry && entry.id === 'privacy_policy_taxi')).toBe(true);
  });

  it('offers install only when installable, and no call entry without numbers', () => {
    const none = { ...settings, call_us_data: [] };
    const entries = drawerEntries({
      loggedIn: true,
      activeOrders: 0,
      installPlatform: null,
      settings: none,
    });
    expect(entries.map((entry) => entry.kind)).not.toContain('call');
    expect(ids({ installPlatform: null })).not.toContain('install');
  });
});
