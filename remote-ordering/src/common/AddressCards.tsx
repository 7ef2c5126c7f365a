import { Suspense, useEffect, useState } from 'react';
import {
  addTranslations,
  addressLine,
  isPickupValid,
  lazyRetrying,
  whenIdle,
  type AddressPoint,
} from '@taxi/shared';
import type { AddressTarget } from '../address-search/AddressSearchDialog';
import { forgetRecentAddresses } from '../address-search/recent';
import { useOrderingText } from './i18n';
import { useOrdering } from './useOrdering';
import texts from './texts.json';

addTranslations('ordering', texts);

// The search (with the saved places' dialogs) opens on a tap: it is not part of the first
// screen's bytes; it is fetched once the browser is idle, so that the tap rarely waits for it.
const loadSearch = () =>
  import(/* webpackChunkName: "address-search" */ '../address-search/AddressSearchDialog');
const AddressSearchDialog = lazyRetrying(() =>
  loadSearch().then((module) => ({ default: module.AddressSearchDialog })),
);

/**
 * The pickup and (if the corporation shows it) destination cards: each opens the address
 * search. They need neither the map nor any call to work.
 */
export function AddressCards({
  resolving = false,
  onPicked,
}: {
  /** The pickup's address is being looked up (after a drag or GPS). */
  resolving?: boolean;
  onPicked?: (target: AddressTarget, point: AddressPoint) => void;
}) {
  const { t } = useOrderingText();
  const { draft, setDraft, settings } = useOrdering();
  const [searching, setSearching] = useState<AddressTarget | null>(null);
  useEffect(() => {
    // A search that could not load (offline) loads again once Home is back (its Retry).
    AddressSearchDialog.retryIfFailed();
    // Only a head start: offline (a chunk the worker has not kept) the tap loads it again.
    return whenIdle(() => void loadSearch().catch(() => undefined));
  }, []);

  const pick = (point: AddressPoint) => {
    const target = searching!;
    setSearching(null);
    setDraft((current) =>
      target === 'pickup' ? { ...current, poi: point } : { ...current, dst: point },
    );
    forgetRecentAddresses();
    onPicked?.(target, point);
  };

  const card = (target: AddressTarget, point: AddressPoint | null) => {
    const pickup = target === 'pickup';
    const line = pickup && !isPickupValid(point) ? '' : addressLine(point);
    // While the pickup's address is looked up, the card says so (not the bare coordinates).
    const shown =
      pickup && resolving
        ? t('address.locating')
        : line || t(pickup ? 'address.pickupPlaceholder' : 'address.destinationPlaceholder');
    return (
      <div className={`or-address or-address--${target}`}>
        {/* Named by its visible text, label first (WCAG 2.5.3): the space keeps the two words apart. */}
        <button type="button" className="or-address__button" onClick={() => setSearching(target)}>
          <span className="or-address__dot" aria-hidden="true" />
          <span className="or-address__text">
            <span className="or-address__label">
              {t(pickup ? 'address.pickup' : 'address.destination')}
            </span>{' '}
            <span className={line ? 'or-address__line' : 'or-address__placeholder'}>{shown}</span>
          </span>
        </button>
        {!pickup && point ? (
          <button
            type="button"
            className="or-icon-button"
            aria-label={t('address.clearDestination')}
            onClick={() => setDraft((current) => ({ ...current, dst: null }))}
          >
            ✕
          </button>
        ) : null}
      </div>
    );
  };

  return (
    <div className="or-addresses">
      {card('pickup', draft.poi)}
      {settings.show_dst ? card('destination', draft.dst) : null}
      {searching ? (
        <Suspense fallback={null}>
          <AddressSearchDialog
            target={searching}
            onPick={pick}
            onClose={() => setSearching(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
