import { ownPage, readRidePush } from './notifications';

describe('ride notifications in the service worker', () => {
  it('shows only a well-formed ride message with a path of this app', () => {
    const message = {
      title: 'Taksówka przyjechała',
      body: 'biała Toyota',
      url: '/t/AB/x',
      tag: 'ride-AB',
    };
    expect(readRidePush(message)).toEqual(message);
    expect(readRidePush({ ...message, url: 'https://evil.example/' })).toBeNull();
    expect(readRidePush({ ...message, url: '//evil.example/' })).toBeNull();
    expect(readRidePush({ title: 'x' })).toBeNull();
    expect(readRidePush('text')).toBeNull();
  });

  it('opens the ride’s Track on this origin, never another', () => {
    expect(ownPage('/t/AB/x', 'https://taxi.example')).toBe('https://taxi.example/t/AB/x');
    expect(ownPage('https://evil.example/', 'https://taxi.example')).toBe('https://taxi.example/');
    expect(ownPage(undefined, 'https://taxi.example')).toBe('https://taxi.example/');
  });
});
