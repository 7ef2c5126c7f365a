import { useState } from 'react';

/**
 * A status (a polite, atomic live region), outside the heading, that says the order's state
 * text once each time it changes (not on the first render, nor on ETA ticks or taxi reports).
 * A region that already exists is needed for screen readers to announce what is put in it.
 */
export function StateAnnouncer({ text }: { text: string | null }) {
  const [current, setCurrent] = useState(text);
  const [said, setSaid] = useState('');
  if (text !== current) {
    setCurrent(text);
    if (text) setSaid(text);
  }
  return (
    <p className="tx-visually-hidden tr-announcer" role="status" aria-atomic="true">
      {said}
    </p>
  );
}
