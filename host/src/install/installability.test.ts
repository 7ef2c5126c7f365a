import { installPlatform } from './installability';

const android =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('install offer', () => {
  it('is offered in a browser on Android or iOS', () => {
    expect(installPlatform({ userAgent: android, standalone: false })).toBe('android');
    expect(installPlatform({ userAgent: iphone, standalone: false })).toBe('ios');
  });

  it('is not offered on a desktop, when installed, or inside the company app', () => {
    expect(installPlatform({ userAgent: desktop, standalone: false })).toBeNull();
    expect(installPlatform({ userAgent: android, standalone: true })).toBeNull();
    expect(
      installPlatform({ userAgent: `${android} TaxiPassengerApp/3.1`, standalone: false }),
    ).toBeNull();
  });
});
