import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `restart(seconds)` runs out; 0 when it has. */
export function useCountdown(initialSeconds: number) {
  const [end, setEnd] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((end - now) / 1000));

  const running = left > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running, end]);

  const restart = useCallback((seconds: number) => {
    const start = Date.now();
    setNow(start);
    setEnd(start + seconds * 1000);
  }, []);

  return { left, restart };
}
