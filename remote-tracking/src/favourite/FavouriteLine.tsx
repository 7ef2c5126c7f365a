import { type ReactElement, useEffect, useState } from 'react';
import { addTranslations } from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import texts from './texts.json';

addTranslations('tracking', texts);

type Sent = Record<string, unknown> | null | undefined;

/** The line's text key and call number for the record's `favourite` as sent; null for anything else. */
export function favouriteLine(favourite: Sent): { key: string; number: string } | null {
  if (favourite?.outcome === 'coming' && typeof favourite.call_number === 'string')
    return { key: 'client.favourite.coming', number: favourite.call_number };
  if (favourite?.outcome === 'not_free') return { key: 'client.favourite.not_free', number: '' };
  return null;
}

/**
 * Track's line for a "prefer my taxi" order (docs/favourite-taxis.md): the favourite is coming,
 * or it was not free and another taxi is. Loaded only for such an order; the status region is
 * in the page before its text, so that screen readers say it.
 */
export default function FavouriteLine({ favourite }: { favourite: Sent }): ReactElement | null {
  const { t } = useTrackingText();
  const line = favouriteLine(favourite);
  const text = line ? t(line.key, { number: line.number }) : null;
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => setSaid(text), [text]);
  return (
    <p className="tr-muted tr-favourite" role="status">
      {said}
    </p>
  );
}
