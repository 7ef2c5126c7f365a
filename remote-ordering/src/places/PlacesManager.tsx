import './places.css';
import { useState } from 'react';
import {
  addTranslations,
  addressLine,
  Button,
  ConfirmDialog,
  Dialog,
  errorMessage,
  type SavedPlace,
} from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { placeIcon, placeLabel } from './label';
import { SavePlaceDialog } from './SavePlaceDialog';
import type { usePlaces } from './usePlaces';
import texts from './texts.json';

addTranslations('ordering', texts);

/** The saved places with Rename and Delete (confirmed with the spec's 'delete address' dialog). */
export function PlacesManager({
  places,
  onClose,
}: {
  places: ReturnType<typeof usePlaces>;
  onClose: () => void;
}) {
  const { t } = useOrderingText();
  const [renaming, setRenaming] = useState<SavedPlace | null>(null);
  const [deleting, setDeleting] = useState<SavedPlace | null>(null);
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState('');

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await places.remove(deleting.id);
      setNews(t('places.deleted', { name: placeLabel(deleting, t) }));
    } catch (error) {
      setNews(t('places.deleteFailed', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <>
      <Dialog
        title={t('places.saved')}
        onDismiss={onClose}
        actions={<Button onClick={onClose}>{t('places.done')}</Button>}
      >
        <p className="or-search__status" role="status">
          {news}
        </p>
        {places.places.length === 0 ? <p>{t('places.none')}</p> : null}
        <ul className="or-places">
          {places.places.map((place) => {
            const label = placeLabel(place, t);
            return (
              <li key={place.id} className="or-places__item">
                <span className="or-places__text">
                  <span className="or-places__name">
                    <span aria-hidden="true">{placeIcon(place)} </span>
                    {label}
                  </span>
                  <span className="or-search__secondary">{addressLine(place.point)}</span>
                </span>
                <span className="or-places__actions">
                  <Button
                    variant="text"
                    aria-label={`${t('places.rename')}: ${label}`}
                    onClick={() => setRenaming(place)}
                  >
                    {t('places.rename')}
                  </Button>
                  <Button
                    variant="text"
                    aria-label={`${t('places.delete')}: ${label}`}
                    onClick={() => setDeleting(place)}
                  >
                    {t('places.delete')}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      </Dialog>
      {renaming ? (
        <SavePlaceDialog
          point={renaming.point}
          place={renaming}
          save={places.save}
          onSaved={(saved) => {
            setRenaming(null);
            setNews(t('places.savedAs', { name: placeLabel(saved, t) }));
          }}
          onCancel={() => setRenaming(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('client.address.delete_address_dialog.title')}
          message={t('client.address.delete_address_dialog.message')}
          confirmLabel={t('places.deleteConfirm')}
          danger
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
