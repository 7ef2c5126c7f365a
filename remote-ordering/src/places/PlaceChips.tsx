import './places.css';
import { addTranslations, addressLine, isPickupValid, type SavedPlace } from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import { placeIcon, placeLabel } from './label';
import { usePlaces } from './usePlaces';
import texts from './texts.json';

addTranslations('ordering', texts);

export type ChipTarget = 'pickup' | 'destination';

/**
 * One-tap chips of the saved places on Home. A chip sets the destination once there is a
 * pickup (the GPS usually gives one: where the passenger is going is what is left to say), and
 * the pickup while there is none or the corporation shows no destination.
 */
export function PlaceChips({ onPicked }: { onPicked?: (target: ChipTarget) => void }) {
  const { t } = useOrderingText();
  const { draft, setDraft, settings } = useOrdering();
  const { places } = usePlaces();
  if (places.length === 0) return null;
  const target: ChipTarget =
    settings.show_dst && isPickupValid(draft.poi) ? 'destination' : 'pickup';

  const choose = (place: SavedPlace) => {
    setDraft((current) =>
      target === 'pickup' ? { ...current, poi: place.point } : { ...current, dst: place.point },
    );
    onPicked?.(target);
  };

  return (
    <ul
      className="or-chips"
      aria-label={t(target === 'pickup' ? 'places.chipsPickup' : 'places.chipsDestination')}
    >
      {places.map((place) => {
        const label = placeLabel(place, t);
        return (
          <li key={place.id}>
            {/* Named by its visible text first (WCAG 2.5.3), then the address it sets. */}
            <button
              type="button"
              className="or-chip"
              aria-label={`${label}, ${addressLine(place.point)}`}
              onClick={() => choose(place)}
            >
              <span aria-hidden="true">{placeIcon(place)}</span>
              {label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
