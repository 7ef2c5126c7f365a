import { lazy, Suspense } from 'react';
import type { OrderDraft } from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import { Perk } from './Perk';

// The phone rules (libphonenumber metadata) load only when the passenger books for someone else.
const RiderFields = lazy(() => import(/* webpackChunkName: "rider-fields" */ './RiderFields'));

/**
 * A ride for someone else is ready with the rider's valid phone (set only then); the name is
 * optional, as the server takes it.
 */
export function riderReady(draft: Pick<OrderDraft, 'phone'>): boolean {
  return draft.phone !== '';
}

/** 'Ride for someone else': the rider's name and phone; the rider is texted the tracking link. */
export function RideForSomeoneElse(props: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useOrderingText();
  const { setDraft } = useOrdering();
  const toggle = (on: boolean) => {
    props.onChange(on);
    if (!on) setDraft((current) => ({ ...current, phone: '', rider_name: '' }));
  };
  return (
    <section className="or-section" aria-labelledby="or-rider-title">
      <h2 id="or-rider-title">{t('expanded.rider.title')}</h2>
      <Perk label={t('expanded.rider.someoneElse')} checked={props.on} onChange={toggle} />
      {props.on ? (
        <Suspense fallback={<p role="status">{t('expanded.rider.loading')}</p>}>
          <RiderFields />
        </Suspense>
      ) : null}
    </section>
  );
}
