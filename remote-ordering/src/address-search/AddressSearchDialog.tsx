import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  addTranslations,
  addressLine,
  Button,
  emptyAddressPoint,
  hasCoordinates,
  pointFromSearch,
  SAVED_PLACES_MAX,
  type AddressPoint,
  type StreetSearchResult,
} from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import { kindToOffer, placeIcon, placeLabel } from '../places/label';
import { PlacesManager } from '../places/PlacesManager';
import { SavePlaceDialog } from '../places/SavePlaceDialog';
import { usePlaces } from '../places/usePlaces';
import { recentAddresses } from './recent';
import { useAddressSearch } from './useAddressSearch';
import texts from './texts.json';
import placeTexts from '../places/texts.json';

addTranslations('ordering', texts);
addTranslations('ordering', placeTexts);

export type AddressTarget = 'pickup' | 'destination';

interface Option {
  key: string;
  /** Decorative, before the primary text. */
  icon?: string;
  primary: string;
  secondary: string;
  pick: () => AddressPoint;
}

/** Options under one heading; the listbox holds them as groups. */
interface Group {
  key: string;
  heading: string;
  options: Option[];
}

function resultText(result: StreetSearchResult): string {
  if (result.label) return result.label;
  const street = [result.street, result.number].filter(Boolean).join(' ');
  return [result.name, street].filter(Boolean).join(', ') || result.city || '';
}

/**
 * The address search, a combobox: saved places, then recent addresses before typing, results with their kind
 * from 3 characters (500 ms after typing stops); arrows move, Enter picks the highlighted
 * result or else the first one, Escape closes. When the search fails or finds nothing,
 * the typed text itself can be used. "Save a place" turns a pick into saving that address (the
 * map's pins are offered too); "Edit saved places" renames and deletes them.
 */
export function AddressSearchDialog({
  target,
  onPick,
  onClose,
}: {
  target: AddressTarget;
  onPick: (point: AddressPoint) => void;
  onClose: () => void;
}) {
  const { t } = useOrderingText();
  const { settings, draft } = useOrdering();
  const places = usePlaces();
  // Choosing an address to save rather than to ride to; then the point being named.
  const [choosing, setChoosing] = useState(false);
  const [naming, setNaming] = useState<AddressPoint | null>(null);
  const [managing, setManaging] = useState(false);
  const [news, setNews] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<AddressPoint[]>([]);
  const search = useAddressSearch(query);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const listId = `${id}-list`;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    input.current?.focus();
    let alive = true;
    void recentAddresses().then((points) => alive && setRecent(points));
    return () => {
      alive = false;
      previous?.focus?.();
    };
  }, []);

  const typed = query.trim();
  const useTyped: Option = {
    key: 'typed',
    primary: t('search.useTyped', { text: typed }),
    secondary: settings.city,
    pick: () => ({ ...emptyAddressPoint(), street: typed, city: settings.city }),
  };
  const recentOptions: Option[] = recent.map((point, index) => ({
    key: `recent-${index}`,
    primary: addressLine(point),
    secondary: '',
    pick: () => point,
  }));
  let groups: Group[] = [];
  if (search.status === 'short') {
    const first: Group = choosing
      ? {
          key: 'map',
          heading: t('places.onMap'),
          options: (
            [
              ['pickup', draft.poi, 'places.mapPickup'],
              ['destination', draft.dst, 'places.mapDestination'],
            ] as const
          ).flatMap(([key, point, label]) =>
            point && hasCoordinates(point)
              ? [{ key, primary: t(label), secondary: addressLine(point), pick: () => point }]
              : [],
          ),
        }
      : {
          key: 'saved',
          heading: t('places.saved'),
          options: places.places.map((place) => ({
            key: `saved-${place.id}`,
            icon: placeIcon(place),
            primary: placeLabel(place, t),
            secondary: addressLine(place.point),
            pick: () => place.point,
          })),
        };
    groups = [first, { key: 'recent', heading: t('search.recent'), options: recentOptions }];
  } else if (search.status === 'done') {
    const found = search.results.map((result, index) => ({
      key: `${result.id}-${index}`,
      primary: resultText(result),
      secondary: [
        result.kind
          ? // A kind the app has no name for (OpenStreetMap has many) is just a place.
            t(`kinds.${result.kind}`, { defaultValue: t('kinds.other') })
          : '',
        result.city && !resultText(result).includes(result.city) ? result.city : '',
      ]
        .filter(Boolean)
        .join(' · '),
      pick: () => pointFromSearch(result),
    }));
    // A typed text has no point on the map: it cannot be saved as a place.
    const options = found.length || choosing ? found : [useTyped];
    groups = [{ key: 'results', heading: t('search.results'), options }];
  } else if (search.status === 'failed' && !choosing) {
    groups = [{ key: 'typed', heading: '', options: [useTyped] }];
  }
  groups = groups.filter((group) => group.options.length > 0);
  const options = groups.flatMap((group) => group.options);
  // One group names the list (recent addresses alone, say); several, what they are together.
  const listName = choosing
    ? t('places.add')
    : groups.length === 1 && groups[0]!.heading
      ? groups[0]!.heading
      : search.status === 'short'
        ? t('search.suggestions')
        : t('search.results');

  useEffect(() => setActive(-1), [search, recent, choosing, places.places]);

  const pick = (option: Option | undefined) => {
    if (!option) return;
    if (choosing) setNaming(option.pick());
    else onPick(option.pick());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(options[active] ?? options[0]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (choosing) setChoosing(false);
      else onClose();
    }
  };

  const status =
    search.status === 'waiting'
      ? t('search.searching')
      : search.status === 'failed'
        ? t('search.failed')
        : search.status === 'done'
          ? search.results.length
            ? t('search.count', { count: search.results.length })
            : t('search.none')
          : news;

  return createPortal(
    <div className="or-search-backdrop" onClick={onClose}>
      <div
        className="or-search"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="or-search__head">
          <h2 id={titleId} className="or-search__title">
            {t(target === 'pickup' ? 'search.titlePickup' : 'search.titleDestination')}
          </h2>
          <button
            type="button"
            className="or-icon-button"
            aria-label={t('search.close')}
            onClick={onClose}
          >
            ✕
          </button>
        </div>
        <input
          ref={input}
          className="tx-input"
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-describedby={`${id}-hint`}
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={`${id}-hint`} className="or-search__hint">
          {t('search.hint')}
        </p>
        <p className="or-search__status" role="status">
          {status}
        </p>
        {choosing ? (
          <div className="or-search__tools">
            <p className="or-search__hint">{t('places.choose')}</p>
            <Button variant="text" onClick={() => setChoosing(false)}>
              {t('places.cancelChoose')}
            </Button>
          </div>
        ) : null}
        <div id={listId} role="listbox" aria-label={listName} className="or-search__list">
          {groups.map((group) => (
            <div
              key={group.key}
              role="group"
              aria-labelledby={group.heading ? `${id}-${group.key}` : undefined}
            >
              {group.heading ? (
                <div
                  id={`${id}-${group.key}`}
                  role="presentation"
                  className="or-search__group-heading"
                >
                  {group.heading}
                </div>
              ) : null}
              {group.options.map((option) => {
                const index = options.indexOf(option);
                return (
                  <div
                    key={option.key}
                    id={`${id}-option-${index}`}
                    role="option"
                    aria-selected={index === active}
                    className="or-search__option"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(option)}
                  >
                    <span className="or-search__primary">
                      {option.icon ? <span aria-hidden="true">{option.icon} </span> : null}
                      {option.primary}
                    </span>
                    {option.secondary ? (
                      <span className="or-search__secondary">{option.secondary}</span>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {places.signedIn && !choosing && search.status === 'short' ? (
          <div className="or-search__tools">
            {places.places.length < SAVED_PLACES_MAX ? (
              <Button variant="secondary" onClick={() => setChoosing(true)}>
                {t('places.add')}
              </Button>
            ) : (
              <p className="or-search__hint">{t('places.full')}</p>
            )}
            {places.places.length > 0 ? (
              <Button variant="text" onClick={() => setManaging(true)}>
                {t('places.edit')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {naming ? (
          <SavePlaceDialog
            point={naming}
            kind={kindToOffer(places.places)}
            save={places.save}
            onSaved={(saved) => {
              setNaming(null);
              setChoosing(false);
              setQuery('');
              setNews(t('places.savedAs', { name: placeLabel(saved, t) }));
            }}
            onCancel={() => setNaming(null)}
          />
        ) : null}
        {managing ? <PlacesManager places={places} onClose={() => setManaging(false)} /> : null}
      </div>
    </div>,
    document.body,
  );
}
