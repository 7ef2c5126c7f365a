import { attributeError } from './attribution';

describe('attributeError', () => {
  it('names the remote release whose file threw', () => {
    expect(
      attributeError('https://taxi.example/mf/tracking/1.1.0/863.0a456c8c.js', undefined),
    ).toEqual({ part: 'tracking', release: '1.1.0' });
  });

  it('looks through the stack when the script URL is not a release file', () => {
    const stack = [
      'Error: boom',
      '    at render (https://taxi.example/mf/ordering/2.0.0-beta.1/12.abc.js:1:2)',
      '    at https://taxi.example/mf/host/1.0.0/main.js:3:4',
    ].join('\n');
    expect(attributeError('', stack)).toEqual({ part: 'ordering', release: '2.0.0-beta.1' });
  });

  it('gives everything else to the host', () => {
    expect(
      attributeError('https://taxi.example/mf/host/1.0.0/main.js', 'Error: x\n    at main.js:1:1'),
    ).toEqual({ part: 'host', release: '' });
  });
});
