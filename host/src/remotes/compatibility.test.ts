import { chooseReleases, incompatibilities } from './compatibility';

const host = { react: '19.3.1', 'react-dom': '19.3.1', '@taxi/shared': '1.4.0', jotai: '2.20.3' };
const built = (overrides: Record<string, string> = {}) => ({ ...host, ...overrides });

describe('compatibility of a release with the host', () => {
  it('accepts releases built on the same majors, whatever their minors', () => {
    expect(incompatibilities(host, built({ react: '19.0.0', '@taxi/shared': '1.0.2' }))).toEqual(
      [],
    );
  });

  it('names each package whose major differs', () => {
    expect(incompatibilities(host, built({ '@taxi/shared': '2.0.0', react: '20.1.0' }))).toEqual([
      'react 20.1.0 (host has 19.3.1)',
      '@taxi/shared 2.0.0 (host has 1.4.0)',
    ]);
  });

  it('needs a host @taxi/shared at least as new as the one the release was built on', () => {
    expect(incompatibilities(host, built({ '@taxi/shared': '1.3.9' }))).toEqual([]);
    expect(incompatibilities(host, built({ '@taxi/shared': '1.5.0' }))).toEqual([
      '@taxi/shared 1.5.0 (host has 1.4.0)',
    ]);
    expect(incompatibilities(host, built({ react: '19.4.0' }))).toEqual([]);
  });

  it('takes a release without a record as it is', () => {
    expect(incompatibilities(host, undefined)).toEqual([]);
  });
});

describe('choosing the releases to register', () => {
  const url = (version: string) => `/mf/tracking/${version}/mf-manifest.json`;

  it('registers the pinned release when it is compatible, keeping the bucket it came from', () => {
    const chosen = chooseReleases(
      {
        remotes: { tracking: url('1.1.0') },
        releases: { tracking: { url: url('1.1.0'), version: '1.1.0', shared: built() } },
        buckets: { tracking: 'canary' },
      },
      host,
    );
    expect(chosen).toEqual({
      entries: { tracking: url('1.1.0') },
      versions: { tracking: '1.1.0' },
      buckets: { tracking: 'canary' },
      refused: [],
    });
  });

  it('falls back to the pinned fallback when the release is incompatible', () => {
    const chosen = chooseReleases(
      {
        remotes: { tracking: url('2.0.0') },
        releases: {
          tracking: {
            url: url('2.0.0'),
            version: '2.0.0',
            shared: built({ '@taxi/shared': '2.0.0' }),
            fallback: { url: url('1.1.0'), version: '1.1.0', shared: built() },
          },
        },
      },
      host,
    );
    expect(chosen.entries).toEqual({ tracking: url('1.1.0') });
    expect(chosen.versions).toEqual({ tracking: '1.1.0' });
    expect(chosen.refused).toEqual([
      {
        remote: 'tracking',
        version: '2.0.0',
        reasons: ['@taxi/shared 2.0.0 (host has 1.4.0)'],
        fallbackVersion: '1.1.0',
      },
    ]);
  });

  it('registers nothing when neither the release nor its fallback can run', () => {
    const chosen = chooseReleases(
      {
        remotes: { tracking: url('2.0.0'), legal: '/mf/legal/1.0.0/mf-manifest.json' },
        releases: {
          tracking: {
            url: url('2.0.0'),
            version: '2.0.0',
            shared: built({ react: '20.0.0' }),
            fallback: { url: url('1.9.0'), version: '1.9.0', shared: built({ react: '20.0.0' }) },
          },
        },
      },
      host,
    );
    expect(chosen.entries).toEqual({ legal: '/mf/legal/1.0.0/mf-manifest.json' });
    expect(chosen.refused).toHaveLength(1);
    expect(chosen.refused[0]!.fallbackVersion).toBeUndefined();
  });

  it('reads a registry that has only the remote map', () => {
    expect(chooseReleases({ remotes: { legal: '/x.json' } }, host).entries).toEqual({
      legal: '/x.json',
    });
  });
});
