// jsdom's `window.location` is unforgeable: `jest.spyOn(window.location, 'replace')` throws and
// `window.location` cannot be redefined. Its `replace` forwards to an implementation object held
// under a symbol, which can be stubbed; the stub then sees every `window.location.replace(url)`.
type LocationImpl = { replace?: (url: string) => void };

function locationImpl(): LocationImpl {
  const location = window.location as unknown as Record<symbol, LocationImpl>;
  const symbol = Object.getOwnPropertySymbols(location).find((s) => s.description === 'impl');
  const impl = symbol ? location[symbol] : undefined;
  if (!impl) throw new Error('jsdom changed: no implementation object behind window.location');
  return impl;
}

/** Stubs `window.location.replace` for each test of the file; read the calls from the returned getter. */
export function stubLocationReplace(): () => jest.Mock<void, [string]> {
  let replace = jest.fn<void, [string]>();
  beforeEach(() => {
    replace = jest.fn<void, [string]>();
    locationImpl().replace = replace;
  });
  afterEach(() => {
    delete locationImpl().replace;
  });
  return () => replace;
}
