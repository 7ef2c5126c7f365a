import { MAP } from '../model/constants';
import { cameraMoveMs } from './camera';

function systemAsksReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  })) as unknown as typeof window.matchMedia;
}

describe('cameraMoveMs', () => {
  it('glides to a new view when motion is welcome', () => {
    systemAsksReducedMotion(false);
    expect(cameraMoveMs(false)).toBe(MAP.fitAnimationMs);
  });

  it('jumps when the passenger asked the system for reduced motion', () => {
    systemAsksReducedMotion(true);
    expect(cameraMoveMs(false)).toBe(0);
  });

  it('jumps to the first view of a new map', () => {
    systemAsksReducedMotion(false);
    expect(cameraMoveMs(true)).toBe(0);
  });
});
