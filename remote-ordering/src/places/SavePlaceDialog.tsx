import './places.css';
import { useId, useState } from 'react';
import {
  addTranslations,
  addressLine,
  Button,
  Dialog,
  errorMessage,
  PLACE_NAME_MAX,
  type AddressPoint,
  type SavedPlace,
  type SavedPlaceKind,
} from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import type { usePlaces } from './usePlaces';
import texts from './texts.json';

addTranslations('ordering', texts);

const KINDS: readonly SavedPlaceKind[] = ['home', 'work', 'other'];

/**
 * Saves a point as Home, Work or a named place, or renames a saved place (`place` given). The
 * name is trimmed and bounded as the server bounds it; a refusal is said in the dialog and
 * nothing is lost.
 */
export function SavePlaceDialog({
  point,
  place,
  kind: initialKind = 'other',
  save,
  onSaved,
  onCancel,
}: {
  point: AddressPoint;
  place?: SavedPlace;
  kind?: SavedPlaceKind;
  save: ReturnType<typeof usePlaces>['save'];
  onSaved: (place: SavedPlace) => void;
  onCancel: () => void;
}) {
  const { t } = useOrderingText();
  const id = useId();
  const [kind, setKind] = useState<SavedPlaceKind>(place?.kind ?? initialKind);
  const [name, setName] = useState(place?.name ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const named = kind === 'other';

  const submit = async () => {
    const trimmed = name.replace(/\s+/g, ' ').trim();
    if (named && !trimmed) {
      setProblem(t('places.nameRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await save({ id: place?.id ?? null, kind, name: trimmed, point }));
    } catch (error) {
      setProblem(t('places.failed', { message: errorMessage(error) }));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t(place ? 'places.renameTitle' : 'places.saveTitle')}
      onDismiss={busy ? undefined : onCancel}
      actions={
        <>
          <Button variant="text" onClick={onCancel} disabled={busy}>
            {t('places.cancel')}
          </Button>
          <Button busy={busy} onClick={() => void submit()}>
            {t('places.save')}
          </Button>
        </>
      }
    >
      <form
        className="or-place-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="or-place-form__address">{addressLine(point)}</p>
        {place ? null : (
          <fieldset className="or-place-form__kinds">
            <legend>{t('places.kind')}</legend>
            {KINDS.map((option) => (
              <label key={option} className="or-place-form__kind">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={option}
                  checked={kind === option}
                  onChange={() => setKind(option)}
                />{' '}
                {t(option === 'other' ? 'places.other' : `places.${option}`)}
              </label>
            ))}
          </fieldset>
        )}
        <label htmlFor={`${id}-name`}>{t(named ? 'places.name' : 'places.nameOptional')}</label>
        <input
          id={`${id}-name`}
          className="tx-input"
          value={name}
          maxLength={PLACE_NAME_MAX}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          aria-invalid={problem !== null}
          onChange={(event) => setName(event.target.value)}
        />
        <p id={`${id}-hint`} className="or-place-form__hint">
          {t('places.nameHint')}
        </p>
        {problem ? (
          <p className="or-error" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
