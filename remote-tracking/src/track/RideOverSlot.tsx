import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { Button, lazyRetrying, Spinner, whenIdle, type OrderKey } from '@taxi/shared';
import { useTrackingText } from '../common/i18n';

// The end of a ride (stars, Finish) comes minutes after the panel and is never part of a ride
// link's first screen: its chunk is fetched once the browser is idle.
const loadRideOver = () => import(/* webpackChunkName: "ride-over" */ './RideOver');
const RideOver = lazyRetrying(() =>
  loadRideOver().then((module) => ({ default: module.RideOver })),
);

function RideOverUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTrackingText();
  return (
    <div className="tr-over" role="alert">
      <p>{t('client.track.ride_over_unavailable')}</p>
      <Button onClick={onRetry}>{t('common:common.retry')}</Button>
    </div>
  );
}

/** A load that failed (offline) says so in the panel; Retry loads it again. */
class LoadFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  constructor(props: { children: ReactNode }) {
    super(props);
    // A slot mounted afresh (Track opened again, back online) loads once more what failed before.
    RideOver.retryIfFailed();
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => {
    RideOver.retryIfFailed();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? <RideOverUnavailable onRetry={this.retry} /> : this.props.children;
  }
}

/** Where the panel shows the end of a ride, loaded apart from the panel. */
export function RideOverSlot(props: {
  orderKey: OrderKey;
  rated: boolean;
  ratingOn: boolean;
  receipt: boolean;
}) {
  return (
    <LoadFailed>
      <Suspense fallback={<Spinner />}>
        <RideOver {...props} />
      </Suspense>
    </LoadFailed>
  );
}

/** Fetches the end of a ride once the browser is idle (a head start: a failure is left to the slot). */
export function useRideOverAhead() {
  useEffect(() => whenIdle(() => void loadRideOver().catch(() => undefined)), []);
}
