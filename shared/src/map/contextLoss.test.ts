import { loseContextAfterPaint } from './contextLoss';

/** A map whose canvas has a WebGL 2 context with the lose-context extension, as a browser's. */
function mapWithContext() {
  const loseContext = jest.fn();
  const gl = {
    getExtension: jest.fn((name: string) =>
      name === 'WEBGL_lose_context' ? { loseContext } : { name },
    ),
  };
  const canvas = document.createElement('canvas');
  canvas.getContext = ((kind: string) => (kind === 'webgl2' ? gl : null)) as never;
  let removed: (() => void) | undefined;
  const map = {
    getCanvas: () => canvas,
    once: (type: 'remove', listener: () => void) => (removed = listener),
  };
  return { map, gl, loseContext, remove: () => removed?.() };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('the library finds no lose-context extension to call as the map is removed', () => {
  const { map, gl } = mapWithContext();
  loseContextAfterPaint(map);
  expect(gl.getExtension('WEBGL_lose_context')).toBeNull();
  // Every other extension is the context's own.
  expect(gl.getExtension('OES_texture_float_linear')).toEqual({ name: 'OES_texture_float_linear' });
});

test('the context is lost after the frame that follows the removal, not during it', () => {
  const { map, loseContext, remove } = mapWithContext();
  loseContextAfterPaint(map);
  remove();
  expect(loseContext).not.toHaveBeenCalled();
  jest.advanceTimersToNextFrame();
  expect(loseContext).not.toHaveBeenCalled();
  jest.runOnlyPendingTimers();
  expect(loseContext).toHaveBeenCalledTimes(1);
});

test('a canvas without a WebGL context is left alone', () => {
  const canvas = document.createElement('canvas');
  canvas.getContext = (() => null) as never;
  const once = jest.fn();
  loseContextAfterPaint({ getCanvas: () => canvas, once });
  expect(once).not.toHaveBeenCalled();
});
