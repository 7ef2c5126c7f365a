import { lazy, Suspense, useId, type ReactNode } from 'react';
import {
  addTranslations,
  Spinner,
  type TrackingSnapshot,
  type TrackPoint,
  shortDateTime,
  type OrderKey,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { OrderNotFound } from '../common/OrderNotFound';
import { ShareRide } from '../share/ShareRide';
import { CancelOrder } from './CancelOrder';
import { RideOverSlot, useRideOverAhead } from './RideOverSlot';
import { StateAnnouncer } from './StateAnnouncer';
import { TaxiCard } from './TaxiCard';
import type { TrackView, TrackViewName } from './trackView';
import type { ReportTimes } from './useReportTimes';
import texts from './texts.json';

addTranslations('tracking', texts);

// Only a "prefer my taxi" order shows the line: it is not part of a ride link's first chunk,
// and a line that cannot load (offline) is left out rather than breaking the panel.
const FavouriteLine = lazy(() =>
  import(/* webpackChunkName: "favourite-line" */ '../favourite/FavouriteLine').catch(() => ({
    default: () => null,
  })),
);

/** Views while the order is under way: it may be shared. */
const UNDER_WAY: readonly TrackViewName[] = [
  'created',
  'waiting_free_taxi',
  'waiting_accept',
  'on_the_way',
  'arrived',
  'in_taxi',
];

function placeLine(point: TrackPoint | null): string {
  if (!point) return '';
  const street = [point.street, point.number].filter(Boolean).join(' ');
  const main = (typeof point.poi_name === 'string' && point.poi_name) || street;
  return [main, point.city].filter(Boolean).join(', ');
}

/** The taxi's own ETA from its latest report, else the record's, with when it arrived. */
function etaOf(snapshot: TrackingSnapshot, reports: ReportTimes, callNumber: string) {
  const own = snapshot.taxis[callNumber]?.state_eta;
  if (own != null) return { minutes: own, since: reports.taxis[callNumber]! };
  const record = snapshot.order?.eta_min;
  return record != null && reports.order !== null
    ? { minutes: record, since: reports.order }
    : null;
}

function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h1 id={id} className="tr-panel__title">
      {children}
    </h1>
  );
}

export interface TrackPanelProps {
  view: TrackView;
  snapshot: TrackingSnapshot;
  /** When the link's reports arrived and which taxis have gone silent. */
  reports: ReportTimes;
  orderKey: OrderKey | null;
  rated: boolean;
  ratingOn: boolean;
  /** The passenger signed in on this device placed the order (only they may cancel). */
  mayCancel: boolean;
  onCancel: () => Promise<void>;
  /** What the screen adds at the panel's end (the ride notifications question). */
  extra?: ReactNode;
  /** Given the panel's sheet, to measure how much of the map it covers. */
  sheetRef?: (sheet: HTMLElement | null) => void;
}

/** The panel of Track: one view per state of the order. */
export function TrackPanel({
  view,
  snapshot,
  reports,
  orderKey,
  rated,
  ratingOn,
  mayCancel,
  onCancel,
  extra,
  sheetRef,
}: TrackPanelProps) {
  const { t } = useTrackingText();
  const titleId = useId();
  const order = snapshot.order;
  useRideOverAhead();
  const offline = snapshot.status === 'offline' && order !== null;
  // The heading of the view, which the live region repeats when it changes.
  const stateText =
    view.name === 'loading'
      ? null
      : view.name === 'not_found'
        ? t('client.track.order_not_found')
        : view.name === 'on_the_way' && view.counter
          ? t('client.track.on_the_way_count', view.counter)
          : t(`client.track.${view.name}`);

  let body: ReactNode;
  switch (view.name) {
    case 'loading':
      body = <Spinner label={t('client.track.loading')} />;
      break;
    case 'not_found':
      body = <OrderNotFound titleId={titleId} code={snapshot.errorCode} />;
      break;
    default: {
      const hint =
        view.name === 'created'
          ? order?.date_time && (order.order_type === 'T' || order.order_type === 'W')
            ? t('client.track.term', { term: shortDateTime(order.date_time) })
            : null
          : view.name === 'on_the_way'
            ? view.counter
              ? t('client.track.on_the_way_count_hint')
              : null
            : ['waiting_free_taxi', 'waiting_accept', 'arrived', 'in_taxi'].includes(view.name)
              ? t(`client.track.${view.name}_hint`)
              : null;
      const places = (
        [
          ['pickup', placeLine(order?.poi ?? null)],
          ['destination', placeLine(order?.dst ?? null)],
        ] as const
      ).filter(([, place]) => place !== '');
      body = (
        <>
          <Heading id={titleId}>
            {view.name.startsWith('waiting') ? (
              <span className="tr-pulse" aria-hidden="true" />
            ) : null}
            {stateText}
          </Heading>
          {hint ? <p className="tr-muted">{hint}</p> : null}
          {order?.favourite && UNDER_WAY.includes(view.name) ? (
            <Suspense fallback={null}>
              <FavouriteLine favourite={order.favourite} />
            </Suspense>
          ) : null}
          {view.taxis.length > 0 ? (
            <div className="tr-taxis">
              {view.taxis.map((callNumber) => (
                <TaxiCard
                  key={callNumber}
                  callNumber={callNumber}
                  info={snapshot.taxisData[callNumber]}
                  eta={etaOf(snapshot, reports, callNumber)}
                  showEta={view.name === 'on_the_way'}
                  lastSeen={reports.stale.has(callNumber) ? reports.taxis[callNumber]! : null}
                />
              ))}
            </div>
          ) : null}
          {/* Beside taxi cards or the rating the map shows the route; the panel stays short. */}
          {view.taxis.length === 0 && !view.rateable && places.length > 0 ? (
            <dl className="tr-route">
              {places.map(([label, place]) => (
                <div key={label}>
                  <dt>{t(`client.track.${label}`)}</dt>
                  <dd>{place}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {view.rateable && orderKey ? (
            <RideOverSlot
              orderKey={orderKey}
              rated={rated}
              ratingOn={ratingOn}
              receipt={view.name === 'finished'}
            />
          ) : null}
          {UNDER_WAY.includes(view.name) && orderKey ? (
            <div className="tr-actions">
              <ShareRide orderKey={orderKey} />
              {view.cancellable && mayCancel && snapshot.authenticated ? (
                <CancelOrder onCancel={onCancel} />
              ) : null}
            </div>
          ) : null}
        </>
      );
    }
  }

  const loading = view.name === 'loading';
  return (
    <>
      {/* Outside the panel, so that it stays when the order's panel replaces the loading one. */}
      <StateAnnouncer text={stateText} />
      {/* The order's panel is new content in place of the loading one (as the page's skeleton is
          replaced), not that sheet moved: longer addresses make it taller, and the same sheet
          growing up the map was a layout shift (0.026 on a 360 px phone). */}
      <section
        key={loading ? 'loading' : 'order'}
        ref={sheetRef}
        className={`tx-sheet tr-panel${loading ? ' tr-panel--loading' : ''}`}
        aria-labelledby={loading ? undefined : titleId}
        aria-label={loading ? t('client.track.panel') : undefined}
        aria-busy={loading || undefined}
      >
        {offline ? (
          <p className="tr-offline" role="status">
            {t('client.track.offline')}
          </p>
        ) : null}
        {body}
        {extra}
      </section>
    </>
  );
}
