import { useState } from 'react';
import {
  addTranslations,
  AlertDialog,
  Button,
  checkScheduledTime,
  earliestScheduledTime,
  localDate,
  localTimeOfDay,
  parseLocalDateTime,
  withScheduledTime,
  withoutScheduledTime,
  type ScheduleProblem,
  shortDateTime,
} from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import texts from './texts.json';

addTranslations('ordering', texts);

/** The first suggested pickup: now plus the advance, not before the day's start hour. */
function suggestion(now: Date, advance: number, startHour: number): Date {
  const earliest = earliestScheduledTime(now, advance);
  const dayStart = new Date(earliest);
  dayStart.setHours(startHour, 0, 0, 0);
  return earliest < dayStart ? dayStart : earliest;
}

/**
 * A scheduled pickup (spec section 5): the date not before today, the time later than now plus
 * the advance (timely_additional, shown in minutes). A time before now shows
 * 'client.features.wrong_date', one too soon asks for a later time or an order for now; either
 * resets the fields. Saving a valid time makes the order type T; 'order for now' makes it Z.
 */
export function TimedOrder({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useOrderingText();
  const { draft, setDraft, settings } = useOrdering();
  const advance = settings.timely_additional;
  const initial = () => {
    const saved = parseLocalDateTime(draft.date_time);
    const when = saved ?? suggestion(now(), advance, settings.timely_startof);
    return { date: localDate(when), time: localTimeOfDay(when) };
  };
  const [fields, setFields] = useState(initial);
  const [problem, setProblem] = useState<ScheduleProblem | null>(null);

  const save = () => {
    const when = parseLocalDateTime(`${fields.date} ${fields.time}`);
    const found = checkScheduledTime(when, now(), advance);
    if (found || !when) {
      setProblem(found ?? 'wrong_date');
      const fresh = suggestion(now(), advance, settings.timely_startof);
      setFields({ date: localDate(fresh), time: localTimeOfDay(fresh) });
      return;
    }
    setDraft((current) => withScheduledTime(current, when, advance));
  };

  return (
    <div className="or-timed">
      {draft.order_type === 'T' && draft.date_time ? (
        <p className="or-timed__current" role="status">
          {t('expanded.scheduledFor', { time: shortDateTime(draft.date_time) })}
        </p>
      ) : null}
      <div className="or-row">
        <label className="or-field">
          <span>{t('expanded.date')}</span>
          <input
            className="tx-input"
            type="date"
            min={localDate(now())}
            value={fields.date}
            onChange={(event) => setFields((f) => ({ ...f, date: event.target.value }))}
          />
        </label>
        <label className="or-field">
          <span>{t('expanded.time')}</span>
          <input
            className="tx-input"
            type="time"
            value={fields.time}
            onChange={(event) => setFields((f) => ({ ...f, time: event.target.value }))}
          />
        </label>
      </div>
      <p className="or-muted">{t('expanded.advance', { count: Math.round(advance / 60) })}</p>
      <div className="or-row">
        <Button variant="secondary" onClick={save}>
          {t('expanded.save')}
        </Button>
        {draft.order_type === 'T' ? (
          <Button
            variant="text"
            onClick={() => setDraft((current) => withoutScheduledTime(current))}
          >
            {t('expanded.clearTime')}
          </Button>
        ) : null}
      </div>
      {problem ? (
        <AlertDialog
          message={t(
            problem === 'wrong_date' ? 'client.features.wrong_date' : 'client.features.too_soon',
          )}
          onClose={() => setProblem(null)}
        />
      ) : null}
    </div>
  );
}
