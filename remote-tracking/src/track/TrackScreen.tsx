import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  addTranslations,
  Button,
  INITIAL_TRACKING_SNAPSHOT,
  isLoggedInAtom,
  preferencesAtom,
  refreshActiveOrders,
  SETTINGS_DEFAULTS,
  settingsAtom,
  TRACK_RATE_LOOKUP_DELAY_MS,
  type OrderKey,
  useCoveredBottom,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { TrackNotifyCard } from '../notify/TrackNotifyCard';
import { useRideNotifications } from '../notify/useRideNotifications';
import { useRateLookup } from '../rate/useRateLookup';
import { TrackPanel } from './TrackPanel';
import { trackView, visibleTaxis } from './trackView';
import { useLocateMe } from './useLocateMe';
import { useOwnOrder } from './useOwnOrder';
import { useReportTimes } from './useReportTimes';
import { useTrackingLink } from './useTrackingLink';
import '../common/tracking.css';
import texts from './texts.json';

addTranslations('tracking', texts);

/**
 * The map and its wrapper (@taxi/shared/map, a shared module the host does not carry) come after
 * the panel: awaiting the wrapper put a round trip between the remote's entry and the screen.
 */
const TrackMap = lazy(() => import('./TrackMap').then((module) => ({ default: module.TrackMap })));
const mapPlaceholder = <div className="tr-track__map tx-map-placeholder" aria-hidden="true" />;

/**
 * Track: the map with the ride and a panel for the order's state, live over the tracking
 * socket. Works with or without the map (offline tiles, no WebGL): the panel says it all.
 */
export function TrackScreen({ orderKey }: { orderKey: OrderKey | null }) {
  const { t } = useTrackingText();
  const settings = useAtomValue(settingsAtom) ?? SETTINGS_DEFAULTS;
  const dark = useAtomValue(preferencesAtom).dark_mode;
  const loggedIn = useAtomValue(isLoggedInAtom);
  const ownOrder = useOwnOrder(orderKey);
  const { snapshot: live, cancelOrder } = useTrackingLink(orderKey);
  const snapshot = orderKey ? live : INITIAL_TRACKING_SNAPSHOT;
  useRideNotifications(snapshot, orderKey);
  const lookup = useRateLookup(orderKey, TRACK_RATE_LOOKUP_DELAY_MS);
  const view = trackView(snapshot, !orderKey || lookup.status === 'missing');
  const order = snapshot.order;
  const taxis = visibleTaxis(order, snapshot.taxis, view);
  const reports = useReportTimes(snapshot.taxis, order);
  const rated = lookup.status === 'rated' || (order?.rate ?? null) !== null;
  const locator = useLocateMe(settings.gps_timeout);
  const [fitRequest, setFitRequest] = useState(0);
  const [panelRef, panelInset] = useCoveredBottom();

  useEffect(() => {
    // The map's wrapper (with the pictures' code) downloads while the link logs in, and so does
    // mapbox-gl for a corporation with a token. Track's own map chunk waits for the ride: run
    // before it, it held the panel back (4G: usable 1.10-1.17 → 1.29-1.33 s).
    if (orderKey)
      import('@taxi/shared/map')
        .then((map) => map.preloadMap(settings.mapbox_token))
        .catch(() => undefined);
  }, [orderKey, settings.mapbox_token]);

  // The drawer's active-rides entry follows the order out of the active ones.
  const over = order ? ['A', 'M', 'Z'].includes(order.state) : false;
  useEffect(() => {
    if (over && loggedIn) refreshActiveOrders().catch(() => undefined);
  }, [over, loggedIn]);

  const mapShown = order !== null && view.name !== 'not_found';

  return (
    <div className={`tr-track${loggedIn ? ' tr-track--with-bar' : ''}`}>
      {mapShown ? (
        <Suspense fallback={mapPlaceholder}>
          <TrackMap
            order={order}
            taxis={taxis}
            stale={reports.stale}
            showClient={view.showClient}
            me={locator.position}
            meRequest={locator.request}
            fitRequest={fitRequest}
            tileUrl={settings.tile_url}
            tilePictures={settings.tile_pictures}
            mapboxToken={settings.mapbox_token}
            dark={dark}
            pickupColor={settings.color_map_icon || undefined}
            coveredBottom={panelInset}
          />
        </Suspense>
      ) : (
        mapPlaceholder
      )}
      {mapShown ? (
        <div className="tr-tools">
          <Button
            variant="secondary"
            className="tr-tool"
            aria-label={t('client.track.fit')}
            title={t('client.track.fit')}
            onClick={() => setFitRequest((n) => n + 1)}
          >
            <span aria-hidden="true">⤢</span>
          </Button>
          <Button
            variant="secondary"
            className="tr-tool"
            aria-label={t('client.track.locate')}
            title={t('client.track.locate')}
            busy={locator.locating}
            onClick={locator.locate}
          >
            {locator.locating ? null : <span aria-hidden="true">◎</span>}
          </Button>
        </div>
      ) : null}
      {locator.problem ? (
        <p className="tr-geo" role="alert">
          {t(locator.problem === 'denied' ? 'client.track.geo_denied' : 'client.track.geo_failed')}
        </p>
      ) : null}
      <TrackPanel
        view={view}
        snapshot={snapshot}
        reports={reports}
        orderKey={orderKey}
        rated={rated}
        ratingOn={settings.rate}
        mayCancel={ownOrder}
        onCancel={cancelOrder}
        sheetRef={panelRef}
        extra={
          <TrackNotifyCard
            shortId={orderKey?.shortId}
            askable={ownOrder && order !== null && !over}
          />
        }
      />
    </div>
  );
}
