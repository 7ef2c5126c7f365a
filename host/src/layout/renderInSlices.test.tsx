import { createRoot } from 'react-dom/client';
import { renderInSlices } from './renderInSlices';

/** Timer callbacks run so far while a test's rendering goes on, and those each render saw. */
let ticks = 0;
const ticksSeen = new Set<number>();

/** A component whose render takes `ms` of the main thread, as a big screen's does on a phone. */
function Busy({ ms }: { ms: number }) {
  ticksSeen.add(ticks);
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // rendering
  }
  return <span className="busy" />;
}

/**
 * Runs `work` to its end (`done`) beside a timer that ticks whenever the main thread is free:
 * renders that saw different tick counts were in different tasks. Counted, not timed, so a
 * loaded machine gives the same answer.
 */
async function renderedBesideTimers(work: () => void, done: () => boolean): Promise<void> {
  ticks = 0;
  ticksSeen.clear();
  await new Promise<void>((resolve) => {
    const tick = () => {
      ticks += 1;
      if (done()) resolve();
      else setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    work();
  });
}

test('the first screen renders in slices, leaving the main thread free between them', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const screen = (
    <>
      {Array.from({ length: 40 }, (_, index) => (
        <Busy key={index} ms={5} />
      ))}
    </>
  );
  // 200 ms of rendering in all: in one task, every render would see the same tick count.
  await renderedBesideTimers(
    () => renderInSlices(root, screen),
    () => container.querySelectorAll('.busy').length === 40,
  );
  expect(container.querySelectorAll('.busy')).toHaveLength(40);
  expect(ticksSeen.size).toBeGreaterThanOrEqual(4);
  root.unmount();
  container.remove();
});
