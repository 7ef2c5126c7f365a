import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  addTranslations,
  addressLine,
  emptyAddressPoint,
  pointFromSearch,
  type AddressPoint,
  type StreetSearchResult,
} from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import { recentAddresses } from './recent';
import { useAddressSearch } from './useAddressSearch';
import texts from './texts.json';

addTranslations('ordering', texts);

export type AddressTarget = 'pickup' | 'destination';

interface Option {
  key: string;
  primary: string;
  secondary: string;
  pick: () => AddressPoint;
}

function resultText(result: StreetSearchResult): string {
  if (result.label) return result.label;
  const street = [result.street, result.number].filter(Boolean).join(' ');
  return [result.name, street].filter(Boolean).join(', ') || result.city || '';
}

/**
 * The address search, a combobox: recent addresses before typing, results with their kind
 * from 3 characters (500 ms after typing stops); arrows move, Enter picks the highlighted
 * result or else the first one, Escape closes. When the search fails or finds nothing,
 * the typed text itself can be used.
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
  const { settings } = useOrdering();
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
  let options: Option[] = [];
  let heading = '';
  if (search.status === 'short') {
    heading = recent.length ? t('search.recent') : '';
    options = recent.map((point, index) => ({
      key: `recent-${index}`,
      primary: addressLine(point),
      secondary: '',
      pick: () => point,
    }));
  } else if (search.status === 'done') {
    heading = t('search.results');
    options = search.results.map((result, index) => ({
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
    if (options.length === 0) options = [useTyped];
  } else if (search.status === 'failed') {
    options = [useTyped];
  }

  useEffect(() => setActive(-1), [search, recent]);

  const pick = (option: Option | undefined) => {
    if (!option) return;
    onPick(option.pick());
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
      onClose();
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
          : '';

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
        {heading ? <h3 className="or-search__heading">{heading}</h3> : null}
        <ul
          id={listId}
          role="listbox"
          aria-label={heading || t('search.results')}
          className="or-search__list"
        >
          {options.map((option, index) => (
            <li
              key={option.key}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="or-search__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              <span className="or-search__primary">{option.primary}</span>
              {option.secondary ? (
                <span className="or-search__secondary">{option.secondary}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>,
    document.body,
  );
}
