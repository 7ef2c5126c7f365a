import { hashDestination, logoDestination, startupDestination } from './guard';

describe('session guard at start', () => {
  it('sends a non-public destination to Home when the token is valid', () => {
    expect(startupDestination('/history/', 'valid')).toBe('/');
    expect(startupDestination('/settings/', 'valid')).toBe('/');
    expect(startupDestination('/', 'valid')).toBe('/');
  });

  it('keeps a public destination when the token is valid, but not the login page', () => {
    expect(startupDestination('/regulations/', 'valid')).toBe('/regulations/');
    expect(startupDestination('/t/abc/secret', 'valid')).toBe('/t/abc/secret');
    expect(startupDestination('/auth/', 'valid')).toBe('/');
  });

  it('goes to Auth when the check fails or the token was rejected', () => {
    expect(startupDestination('/', 'rejected')).toBe('/auth/');
    expect(startupDestination('/summary/', 'unreachable')).toBe('/auth/');
  });

  it('goes to Auth without a token on a non-public route only', () => {
    expect(startupDestination('/', 'none')).toBe('/auth/');
    expect(startupDestination('/orders/', 'none')).toBe('/auth/');
    expect(startupDestination('/about-app/', 'none')).toBe('/about-app/');
    expect(startupDestination('/r/abc/def', 'none')).toBe('/r/abc/def');
  });

  it('reads the start-up hash links', () => {
    expect(hashDestination('#privacy')).toBe('/privacy-policy/');
    expect(hashDestination('#privacytaxi')).toBe('/privacy-taxi/');
    expect(hashDestination('#regulations')).toBe('/regulations/');
    expect(hashDestination('#deleteaccount')).toBe('/delete-account/');
    expect(hashDestination('#other')).toBeUndefined();
    expect(hashDestination('')).toBeUndefined();
  });

  it('sends the logo Home with a token, else to Auth', () => {
    expect(logoDestination(true)).toBe('/');
    expect(logoDestination(false)).toBe('/auth/');
  });
});
