import { holdFrames, releaseFrames, type KeptMap } from './offScreen';

/** A library's map as far as frames go: each frame and redraw renders through `_render`. */
class FakeMap implements KeptMap {
  container = document.createElement('div');
  drawn = 0;
  resized = 0;
  pending = false;
  _render() {
    this.drawn += 1;
    return this;
  }
  frame() {
    this.pending = false;
    this._render();
  }
  triggerRepaint() {
    this.pending = true;
  }
  redraw() {
    this._render();
  }
  resize() {
    this.resized += 1;
  }
  getContainer() {
    return this.container;
  }
}

test('a held map draws no frame it had asked for, nor a redraw, and keeps its size', () => {
  const map = new FakeMap();
  map.triggerRepaint();
  holdFrames(map);
  map.frame();
  map.redraw();
  map.resize();
  expect(map.drawn).toBe(0);
  expect(map.resized).toBe(0);
});

test('released, it takes its new size and draws again', () => {
  const map = new FakeMap();
  holdFrames(map);
  releaseFrames(map);
  expect(map.resized).toBe(1);
  expect(map.pending).toBe(true);
  map.frame();
  expect(map.drawn).toBe(1);
});

test('a map never held is left as it is', () => {
  const map = new FakeMap();
  releaseFrames(map);
  expect(map.resized).toBe(0);
  expect(map.pending).toBe(false);
});

test('a map on a screen being left draws no frame and keeps its size; shown again, it draws', () => {
  const map = new FakeMap();
  const screen = document.createElement('div');
  screen.append(map.container);
  releaseFrames(map);
  screen.setAttribute('inert', '');
  map.frame();
  map.resize();
  expect(map.drawn).toBe(0);
  expect(map.resized).toBe(0);
  screen.removeAttribute('inert');
  map.frame();
  map.resize();
  expect(map.drawn).toBe(1);
  expect(map.resized).toBe(1);
});
