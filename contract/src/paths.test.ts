import { pathParams, publicTrackUrl, rateLink, receiptLink, screenAt, trackLink } from './paths.ts';

const key = { shortId: 'AB12', secret: 's3cr/t $&?' };

describe('order links', () => {
  it('builds /t/{o}/{p} and /r/{o}/{p} with each part encoded', () => {
    expect(trackLink(key)).toBe('/t/AB12/s3cr%2Ft%20%24%26%3F');
    expect(rateLink(key)).toBe('/r/AB12/s3cr%2Ft%20%24%26%3F');
    expect(receiptLink(key)).toBe('/receipt/AB12/s3cr%2Ft%20%24%26%3F');
  });

  it('makes the shared tracking link absolute on the given origin', () => {
    expect(publicTrackUrl({ shortId: 'AB12', secret: 'x' }, 'https://taxi.example')).toBe(
      'https://taxi.example/t/AB12/x',
    );
  });
});

describe('the screen of a path', () => {
  it('matches literal segments, one segment per parameter, with or without the last slash', () => {
    expect(screenAt('/')).toBe('Home');
    expect(screenAt('/auth/')).toBe('Auth');
    expect(screenAt('/auth')).toBe('Auth');
    expect(screenAt('/t/AB12/secret')).toBe('Track');
    expect(screenAt('/r/AB12/secret/')).toBe('Rate');
    expect(screenAt('/receipt/AB12/secret')).toBe('Receipt');
    expect(screenAt('/t/AB12')).toBeUndefined();
    expect(screenAt('/t/AB12/secret/more')).toBeUndefined();
    expect(screenAt('/no-such-screen/')).toBeUndefined();
  });
});

describe('the parameters of a path', () => {
  it('names each segment of a parameter, as it comes', () => {
    expect(pathParams('/t/:o/:p', '/t/AB12/s%2Fcret/')).toEqual({ o: 'AB12', p: 's%2Fcret' });
    expect(pathParams('/t/:o/:p', '//t/AB12//x')).toEqual({ o: 'AB12', p: 'x' });
    expect(pathParams('/auth/', '/auth')).toEqual({});
    expect(pathParams('/t/:o/:p', '/r/AB12/x')).toBeUndefined();
    expect(pathParams('/t/:o/:p', '/t/AB12')).toBeUndefined();
  });
});
