import { useId } from 'react';
import { useAtom } from 'jotai';
import { FONT_SCALES, preferencesAtom } from '@taxi/shared';
import { useAccountTexts } from '../common/useAccountTexts';

/** Text size (100, 125, 150 %) and dark mode: local preferences the host applies app-wide. */
export function DisplayPreferences() {
  const { t } = useAccountTexts();
  const [preferences, setPreferences] = useAtom(preferencesAtom);
  const titleId = useId();
  const darkId = useId();
  return (
    <section className="ac-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('client.profile.display.title')}</h2>
      <fieldset className="ac-choice">
        <legend className="ac-label">{t('client.profile.display.text_size')}</legend>
        <div className="ac-choice__options">
          {FONT_SCALES.map((scale) => (
            <label key={scale} className="ac-choice__option">
              <input
                type="radio"
                name="font_scale"
                value={scale}
                checked={preferences.font_scale === scale}
                onChange={() => setPreferences({ font_scale: scale })}
              />
              <span>{`${Math.round(scale * 100)}\u00a0%`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="ac-switch">
        <label htmlFor={darkId}>{t('client.profile.display.dark_mode')}</label>
        <input
          id={darkId}
          type="checkbox"
          role="switch"
          checked={preferences.dark_mode}
          onChange={(event) => setPreferences({ dark_mode: event.target.checked })}
        />
      </div>
    </section>
  );
}
