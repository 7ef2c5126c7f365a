import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai';
import {
  addTranslations,
  activeOrdersAtom,
  AlertDialog,
  Button,
  emptyAddressPoint,
  isPickupValid,
  refreshActiveOrders,
  type AddressPoint,
  SCREEN_PATHS,
  useCoveredBottom,
} from '@taxi/shared';
import type { LatLng } from '@taxi/shared/map';
import '../common/ordering.css';
import { AddressCards } from '../common/AddressCards';
import { OrderActions } from '../common/OrderActions';
import { PlaceChips } from '../places/PlaceChips';
import { addressAt } from '../common/calls';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import { QuoteLine } from '../quote/QuoteLine';
import { useQuote } from '../quote/useQuote';
import { ActiveOrdersDialog, dismissedOrdersAtom, hasUndismissed } from './ActiveOrdersDialog';
import { QuickOptions } from './QuickOptions';
import { useGeolocation } from './useGeolocation';
import texts from './texts.json';
import quoteTexts from '../quote/texts.json';

addTranslations('ordering', texts);
addTranslations('ordering', quoteTexts);

/**
 * The map and its wrapper (@taxi/shared/map, a shared module the host does not carry) come after
 * the screen: awaiting the wrapper put a round trip between the remote's entry and Home.
 */
const loadHomeMap = () => import('./HomeMap');
const HomeMap = lazy(() => loadHomeMap().then((module) => ({ default: module.HomeMap })));
// Asked for as the screen's module runs, not once Home renders after the passenger's data: the
// map's chunk downloads alongside those calls, and its first tile is one request after it.
loadHomeMap().catch(() => undefined);

/** A list of active orders this recent (the shell's, at start) counts as fetched on load. */
const ACTIVE_ORDERS_FRESH_MS = 5000;

/**
 * Home: the order form (address cards, options, price, Order and More) over the map. The
 * form is usable at once; the map arrives when its library has downloaded, or never.
 */
export default function Home() {
  const { t } = useOrderingText();
  const { draft, setDraft, settings } = useOrdering();
  const navigate = useNavigate();
  const location = useLocation();
  // Kept current by refreshActiveOrders, here and wherever else orders change.
  const active = useAtomValue(activeOrdersAtom);
  const [dismissed, setDismissed] = useAtom(dismissedOrdersAtom);
  // The dialog waits for the list fetched on load; IN_PROGRESS opens it whatever was dismissed.
  const [loaded, setLoaded] = useState(false);
  const [forced, setForced] = useState(false);
  const showActive = loaded && active.length > 0 && (forced || hasUndismissed(active, dismissed));
  const inProgress = Boolean((location.state as { inProgress?: boolean } | null)?.inProgress);
  const [inProgressAlert, setInProgressAlert] = useState(inProgress);
  const [resolving, setResolving] = useState(false);
  const { state: quote, timeCleared, dismissTimeCleared } = useQuote();
  // The pickup follows the GPS until the passenger chooses one another way.
  const followGps = useRef(!isPickupValid(draft.poi));
  const lookup = useRef(0);
  // How much of the map the form covers, so that the pins are fitted above it.
  const [sheet, sheetInset] = useCoveredBottom();

  // Active orders on load (spec section 2).
  useEffect(() => {
    let alive = true;
    // The shell asked for them a moment ago at start: that answer is 'on load' too.
    refreshActiveOrders({ maxAgeMs: ACTIVE_ORDERS_FRESH_MS }).then(
      () => {
        if (alive) setLoaded(true);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [inProgress]);

  useEffect(() => setInProgressAlert(inProgress), [inProgress]);

  /** A point chosen on the map (or by GPS): kept at once, its address looked up after. */
  const placeAt = useCallback(
    (target: 'poi' | 'dst', position: LatLng) => {
      const ticket = ++lookup.current;
      const bare: AddressPoint = emptyAddressPoint(position.lat, position.lng);
      setDraft((current) => ({ ...current, [target]: bare }));
      if (target === 'poi') setResolving(true);
      addressAt(position.lat, position.lng)
        .then(
          (found) => {
            if (ticket !== lookup.current) return;
            setDraft((current) => {
              const now = current[target];
              return now && now.lat === position.lat && now.lng === position.lng
                ? { ...current, [target]: found }
                : current;
            });
          },
          // No reverse geocoding: the point keeps its coordinates, which make it valid.
          () => undefined,
        )
        .finally(() => ticket === lookup.current && setResolving(false));
    },
    [setDraft],
  );

  const geo = useGeolocation({
    accuracy: settings.gps_accuracy,
    timeout: settings.gps_timeout,
    onPosition: (position) => {
      if (followGps.current) placeAt('poi', position);
    },
  });

  const closeActive = () => {
    setDismissed(active.map((order) => order.track.order_short_id));
    setForced(false);
    if (inProgress) navigate('.', { replace: true, state: null });
  };

  const valid = isPickupValid(draft.poi);
  return (
    <div className="or-home">
      <Suspense fallback={<div className="or-home__map tx-map-placeholder" aria-hidden="true" />}>
        <HomeMap
          quote={quote.status === 'ok' ? quote.quote : null}
          sheetInset={sheetInset}
          onPickupMoved={(position) => {
            followGps.current = false;
            placeAt('poi', position);
          }}
          onDestinationMoved={(position) => placeAt('dst', position)}
        />
      </Suspense>
      <div className="or-home__tools">
        <Button
          variant="secondary"
          className="or-locate"
          busy={geo.locating}
          aria-label={t('geo.locate')}
          onClick={() => {
            followGps.current = true;
            geo.locate();
          }}
        >
          <span aria-hidden="true">◎</span>
        </Button>
      </div>
      <section ref={sheet} className="tx-sheet tx-sheet--above-nav" aria-labelledby="or-home-title">
        <div className="or-sheet__head">
          <h1 id="or-home-title" className="or-sheet__title">
            {t('home.title')}
          </h1>
          <Link className="or-sheet__link" to={SCREEN_PATHS.OrderHistory}>
            {t('home.history')}
          </Link>
        </div>
        {geo.permission === 'denied' ? (
          <p className="or-notice" role="alert">
            {t('geo.denied')}
          </p>
        ) : geo.failed ? (
          <p className="or-notice" role="status">
            {t('geo.unavailable')}
          </p>
        ) : null}
        {timeCleared ? (
          <p className="or-notice" role="status" onClick={dismissTimeCleared}>
            {t('quote.timeCleared')}
          </p>
        ) : null}
        <AddressCards
          resolving={resolving}
          onPicked={(target) => {
            if (target === 'pickup') {
              followGps.current = false;
              lookup.current++;
              setResolving(false);
            }
          }}
        />
        <PlaceChips
          onPicked={(target) => {
            if (target === 'pickup') {
              followGps.current = false;
              lookup.current++;
              setResolving(false);
            }
          }}
        />
        <QuoteLine state={quote} />
        <QuickOptions />
        <OrderActions secondary={t('home.more')} to={SCREEN_PATHS.OrderExpanded} canOrder={valid} />
      </section>
      {inProgressAlert ? (
        <AlertDialog
          message={t('quote.inProgress')}
          onClose={() => {
            setInProgressAlert(false);
            setForced(true);
          }}
        />
      ) : showActive ? (
        <ActiveOrdersDialog orders={active} onClose={closeActive} />
      ) : null}
    </div>
  );
}
