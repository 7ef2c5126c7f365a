import {
  addTranslations,
  addDays,
  checkSubscription,
  localDate,
  parseLocalDateTime,
  subscriptionDays,
  WEEKDAYS,
  type OrderDraft,
} from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import texts from './texts.json';

addTranslations('ordering', texts);

/** A subscription starting tomorrow for a week, at the next full hour, with no day chosen. */
export function subscriptionDraft(draft: OrderDraft, now: Date): OrderDraft {
  const start = addDays(now, 1);
  return {
    ...draft,
    order_type: 'R',
    date_time: null,
    repeated_start: draft.repeated_start ?? localDate(start),
    repeated_stop: draft.repeated_stop ?? localDate(addDays(start, 7)),
    repeated_time_hour: draft.repeated_time_hour ?? (now.getHours() + 1) % 24,
    repeated_time_minute: draft.repeated_time_minute ?? 0,
  };
}

export function subscriptionProblem(draft: OrderDraft, now: Date) {
  if (draft.order_type !== 'R') return null;
  return checkSubscription(
    {
      start: draft.repeated_start,
      stop: draft.repeated_stop,
      hour: draft.repeated_time_hour,
      minute: draft.repeated_time_minute,
      days: subscriptionDays(draft),
    },
    now,
  );
}

const pad = (n: number | null) => String(n ?? 0).padStart(2, '0');

/**
 * Subscription (type R): first day tomorrow at the earliest, last day at least a day after
 * the first, the time, the weekdays. A subscription is always a new order, never an edit.
 */
export function Subscription({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useOrderingText();
  const { draft, setDraft } = useOrdering();
  const problem = subscriptionProblem(draft, now());
  const start = parseLocalDateTime(draft.repeated_start);
  const minStart = localDate(addDays(now(), 1));
  const set = (change: Partial<OrderDraft>) => setDraft((current) => ({ ...current, ...change }));
  return (
    <div className="or-subscription">
      <div className="or-row">
        <label className="or-field">
          <span>{t('expanded.start')}</span>
          <input
            className="tx-input"
            type="date"
            min={minStart}
            value={draft.repeated_start ?? ''}
            onChange={(event) => set({ repeated_start: event.target.value || null })}
          />
        </label>
        <label className="or-field">
          <span>{t('expanded.stop')}</span>
          <input
            className="tx-input"
            type="date"
            min={start ? localDate(addDays(start, 1)) : undefined}
            value={draft.repeated_stop ?? ''}
            onChange={(event) => set({ repeated_stop: event.target.value || null })}
          />
        </label>
        <label className="or-field">
          <span>{t('expanded.time')}</span>
          <input
            className="tx-input"
            type="time"
            value={
              draft.repeated_time_hour === null
                ? ''
                : `${pad(draft.repeated_time_hour)}:${pad(draft.repeated_time_minute)}`
            }
            onChange={(event) => {
              const [hour, minute] = event.target.value.split(':').map(Number);
              set({
                repeated_time_hour: Number.isFinite(hour) ? hour! : null,
                repeated_time_minute: Number.isFinite(minute) ? minute! : null,
              });
            }}
          />
        </label>
      </div>
      <fieldset className="or-days">
        <legend>{t('expanded.days')}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="or-day">
            <input
              type="checkbox"
              checked={draft[`repeated_${day}`]}
              onChange={(event) => set({ [`repeated_${day}`]: event.target.checked })}
            />
            <span>{t(`weekdays.${day}`)}</span>
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p className="or-error" role="alert">
          {t(`expanded.subscriptionProblems.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}
