import { addTranslations, shortDateTime, SCREEN_PATHS } from '@taxi/shared';
import { Link } from 'react-router-dom';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import texts from './texts.json';

addTranslations('ordering', texts);

/**
 * The order options on Home, when the corporation enables features, a password or timed
 * ordering: when (opens the options), feature toggles, the password state.
 */
export function QuickOptions() {
  const { t } = useOrderingText();
  const { settings, draft, setDraft, features } = useOrdering();
  const showFeatures = settings.show_features && features.features.length > 0;
  if (!settings.show_timely && !showFeatures && !settings.show_password) return null;
  const chosen = new Set(draft.taxi_features_list);
  const toggle = (id: number) =>
    setDraft((current) => ({
      ...current,
      taxi_features_list: chosen.has(id)
        ? current.taxi_features_list.filter((other) => other !== id)
        : [...current.taxi_features_list, id],
    }));
  const when =
    draft.order_type === 'R'
      ? t('home.subscription')
      : draft.date_time
        ? t('home.scheduled', { time: shortDateTime(draft.date_time) })
        : t('home.now');
  return (
    <ul className="or-chips" aria-label={t('home.options')}>
      {settings.show_timely ? (
        <li>
          <Link className="or-chip or-chip--link" to={SCREEN_PATHS.OrderExpanded}>
            {when}
          </Link>
        </li>
      ) : null}
      {showFeatures
        ? features.features.map((feature) => (
            <li key={feature.id}>
              <button
                type="button"
                className="or-chip"
                aria-pressed={chosen.has(feature.id)}
                onClick={() => toggle(feature.id)}
              >
                {feature.name}
              </button>
            </li>
          ))
        : null}
      {settings.show_password ? (
        <li>
          <Link className="or-chip or-chip--link" to={SCREEN_PATHS.OrderExpanded}>
            {draft.passwd ? t('home.passwordSet') : t('home.password')}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
