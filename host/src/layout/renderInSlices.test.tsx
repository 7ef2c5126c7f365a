import { createRoot } from 'react-dom/client';
import { renderInSlices } from './renderInSlices';

/** A component whose render takes `ms` of the main thread, as a big screen's does on a phone. */
function Busy({ ms }: { ms: number }) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // rendering
  }
  return <span className="busy" />;
}

/** The longest the main thread went without running a timer while `work` ran to its end. */
async function longestBusyStretch(work: () => void, done: () => boolean): Promise<number> {
  let last = performance.now();
  let longest = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (done()) resolve();
      else setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    work();
  });
  return longest;
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
  // 200 ms of rendering in all; in one task, no timer would run for 200 ms.
  const longest = await longestBusyStretch(
    () => renderInSlices(root, screen),
    () => container.querySelectorAll('.busy').length === 40,
  );
  expect(container.querySelectorAll('.busy')).toHaveLength(40);
  expect(longest).toBeLessThan(100);
  root.unmount();
  container.remove();
});
