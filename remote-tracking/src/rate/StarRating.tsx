import { useId, useState } from 'react';
import { RATING_MAX, RATING_MIN } from '@taxi/shared';
import './StarRating.css';

/** The five values of a rating, lowest first: -2..2 (spec sections 3 and 9). */
export const RATING_VALUES: readonly number[] = Array.from(
  { length: RATING_MAX - RATING_MIN + 1 },
  (_, i) => RATING_MIN + i,
);

export interface StarRatingProps {
  /** -2..2, or null while nothing is chosen. */
  value: number | null;
  onChange: (value: number) => void;
  /** Name of the group, e.g. the question asked. */
  legend: string;
  /** Show the legend on screen (otherwise only screen readers hear it). */
  showLegend?: boolean;
  /** One label per value, lowest first: Very bad, Bad, Average, Good, Very good. */
  labels: readonly string[];
  disabled?: boolean;
  className?: string;
}

const STAR = 'M12 2.2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17.1l-6.1 3.5 1.5-6.8-5.2-4.6 6.9-.7z';

/**
 * Five stars as a radio group: each star is a radio named by its label, arrow keys move
 * between them, and the chosen value's label is shown beneath.
 */
export function StarRating({
  value,
  onChange,
  legend,
  showLegend = false,
  labels,
  disabled = false,
  className,
}: StarRatingProps) {
  const name = useId();
  const [hover, setHover] = useState<number | null>(null);
  const lit = hover ?? value;
  const shown = lit === null ? null : labels[RATING_VALUES.indexOf(lit)];
  return (
    <fieldset
      className={`tr-stars${className ? ` ${className}` : ''}`}
      disabled={disabled}
      onMouseLeave={() => setHover(null)}
    >
      <legend className={showLegend ? 'tr-stars__legend' : 'tx-visually-hidden'}>{legend}</legend>
      <div className="tr-stars__row">
        {RATING_VALUES.map((rate, index) => (
          <label
            key={rate}
            className={`tr-stars__star${lit !== null && rate <= lit ? ' tr-stars__star--lit' : ''}`}
            onMouseEnter={() => !disabled && setHover(rate)}
          >
            <input
              type="radio"
              name={name}
              value={rate}
              checked={value === rate}
              onChange={() => onChange(rate)}
              className="tr-stars__input"
            />
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={STAR} />
            </svg>
            <span className="tx-visually-hidden">{labels[index]}</span>
          </label>
        ))}
      </div>
      <p className="tr-stars__label" aria-hidden="true">
        {shown ?? '\u00a0'}
      </p>
    </fieldset>
  );
}
