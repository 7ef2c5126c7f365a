import { useEffect, useState } from 'react';
import { addTranslations, api } from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import { Perk } from '../order-expanded/Perk';
import texts from './texts.json';

addTranslations('ordering', texts);

/**
 * "Prefer my taxi" (docs/favourite-taxis.md): shown only when the passenger has a favourite
 * taxi; on, the favourites' call numbers go in the order's `selected_taxies`.
 */
export function PreferMyTaxi() {
  const { t } = useOrderingText();
  const { draft, setDraft } = useOrdering();
  const [favourites, setFavourites] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    api.get('GET_FAVOURITE_TAXIS', {}).then(
      (reply) => {
        if (!current) return;
        const numbers = reply.data_list.map((f) => f.call_number);
        setFavourites(numbers);
        // A favourite forgotten since the draft was made is no longer asked for.
        setDraft((c) =>
          c.selected_taxies.some((n) => !numbers.includes(n))
            ? { ...c, selected_taxies: c.selected_taxies.filter((n) => numbers.includes(n)) }
            : c,
        );
      },
      // Without the list there is nothing to prefer; the order goes as any other.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [setDraft]);
  if (favourites.length === 0) return null;
  return (
    <section className="or-section" aria-labelledby="or-favourite-title">
      <h2 id="or-favourite-title">{t('favourite.title')}</h2>
      <Perk
        label={t('favourite.prefer', { numbers: favourites.join(', ') })}
        checked={draft.selected_taxies.length > 0}
        onChange={(on) => setDraft((c) => ({ ...c, selected_taxies: on ? favourites : [] }))}
      />
      <p className="or-muted">{t('favourite.hint')}</p>
    </section>
  );
}
