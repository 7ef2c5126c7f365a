import { MAP } from '../model/constants';
import { prefersReducedMotion } from '../ui/motion';

/**
 * How long a camera move takes: the first view of a new map jumps there (no flight from the
 * fallback view on start), and so does every move when the passenger asked for less motion.
 */
export function cameraMoveMs(firstView: boolean): number {
  return firstView || prefersReducedMotion() ? 0 : MAP.fitAnimationMs;
}
