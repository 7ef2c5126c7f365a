import { useState } from 'react';
import {
  addTranslations,
  canUseCashFree,
  canUseDiscount,
  formatPrice,
  isPickupValid,
  stepTaxiCount,
  TAXI_COUNT_MAX,
  TAXI_COUNT_MIN,
  withoutScheduledTime,
  SCREEN_PATHS,
} from '@taxi/shared';
import '../common/ordering.css';
import { AddressCards } from '../common/AddressCards';
import { OrderActions } from '../common/OrderActions';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import { QuoteLine } from '../quote/QuoteLine';
import { PreferMyTaxi } from '../favourite/PreferMyTaxi';
import { InvoiceFor } from '../invoice/InvoiceFor';
import { Perk } from './Perk';
import { RideForSomeoneElse, riderReady } from './Rider';
import { useQuote } from '../quote/useQuote';
import { Subscription, subscriptionDraft, subscriptionProblem } from './Subscription';
import { TimedOrder } from './TimedOrder';
import texts from './texts.json';
import quoteTexts from '../quote/texts.json';

addTranslations('ordering', texts);
addTranslations('ordering', quoteTexts);

type When = 'now' | 'later' | 'subscription';

function TaxiCount() {
  const { t } = useOrderingText();
  const { draft, setDraft } = useOrdering();
  const step = (delta: number) =>
    setDraft((current) => ({ ...current, taxi_count: stepTaxiCount(current.taxi_count, delta) }));
  return (
    <section className="or-section" aria-labelledby="or-count-title">
      <h2 id="or-count-title">{t('expanded.taxiCount')}</h2>
      <div className="or-stepper">
        <button
          type="button"
          className="or-stepper__button"
          aria-label={t('expanded.fewer')}
          disabled={draft.taxi_count <= TAXI_COUNT_MIN}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          className="tx-input or-stepper__value"
          aria-label={t('expanded.taxiCount')}
          readOnly
          inputMode="none"
          value={draft.taxi_count}
        />
        <button
          type="button"
          className="or-stepper__button"
          aria-label={t('expanded.moreTaxis')}
          disabled={draft.taxi_count >= TAXI_COUNT_MAX}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
    </section>
  );
}

function Features() {
  const { t } = useOrderingText();
  const { draft, setDraft, features, settings } = useOrdering();
  const chosen = new Set(draft.taxi_features_list);
  const categories = [
    ...features.categories,
    // Features of a category the list does not name still show.
    ...(features.features.some((f) => !features.categories.some((c) => c.id === f.category_id))
      ? [{ id: -1, name: '' }]
      : []),
  ];
  const toggle = (id: number, on: boolean) =>
    setDraft((current) => ({
      ...current,
      taxi_features_list: on
        ? [...current.taxi_features_list.filter((other) => other !== id), id]
        : current.taxi_features_list.filter((other) => other !== id),
    }));
  return (
    <section className="or-section" aria-labelledby="or-features-title">
      <h2 id="or-features-title">{t('expanded.features')}</h2>
      {categories.map((category) => {
        const inCategory = features.features.filter((feature) =>
          category.id === -1
            ? !features.categories.some((c) => c.id === feature.category_id)
            : feature.category_id === category.id,
        );
        if (inCategory.length === 0) return null;
        return (
          <fieldset key={category.id} className="or-fieldset">
            {category.name ? <legend>{category.name}</legend> : null}
            {inCategory.map((feature) => {
              const t1 = formatPrice(feature.surcharge_t1, settings.currency);
              const t2 = formatPrice(feature.surcharge_t2, settings.currency);
              // One price when night and holidays cost the same.
              const surcharge = t1 === t2 ? 'expanded.surchargeFlat' : 'expanded.surcharge';
              return (
                <label key={feature.id} className="or-check">
                  <input
                    type="checkbox"
                    checked={chosen.has(feature.id)}
                    onChange={(event) => toggle(feature.id, event.target.checked)}
                  />
                  <span className="or-check__text">{feature.name}</span>
                  {feature.surcharge_enabled ? (
                    <span
                      className="or-check__extra"
                      aria-label={t(`${surcharge}Label`, { t1, t2 })}
                    >
                      {t(surcharge, { t1, t2 })}
                    </span>
                  ) : null}
                </label>
              );
            })}
          </fieldset>
        );
      })}
    </section>
  );
}

/**
 * Every order option the corporation enables (spec sections 3 and 5), with the price. Back
 * goes Home; Order goes to the summary, only with a valid pickup (and a valid subscription, and
 * the rider's name and phone of a ride for someone else).
 */
export default function OrderExpanded() {
  const { t } = useOrderingText();
  const { draft, setDraft, settings, client, features } = useOrdering();
  const { state: quote, timeCleared } = useQuote();
  const [when, setWhen] = useState<When>(
    draft.order_type === 'R' ? 'subscription' : draft.order_type === 'T' ? 'later' : 'now',
  );
  const cashFree = canUseCashFree(settings, client);
  const discount = canUseDiscount(settings, client);
  const subscriptionOk = subscriptionProblem(draft, new Date()) === null;
  const [forSomeoneElse, setForSomeoneElse] = useState(
    draft.phone !== '' || Boolean(draft.rider_name),
  );
  const valid =
    isPickupValid(draft.poi) && subscriptionOk && (!forSomeoneElse || riderReady(draft));

  const chooseWhen = (next: When) => {
    setWhen(next);
    if (next === 'subscription') setDraft((current) => subscriptionDraft(current, new Date()));
    else if (draft.order_type === 'R' || next === 'now')
      setDraft((current) => withoutScheduledTime(current));
  };

  return (
    <div className="tx-page or-page">
      <h1>{t('expanded.title')}</h1>
      <AddressCards />
      {settings.show_timely ? (
        <section className="or-section" aria-labelledby="or-when-title">
          <h2 id="or-when-title">{t('expanded.when')}</h2>
          <div className="or-segments" role="radiogroup" aria-labelledby="or-when-title">
            {(['now', 'later', 'subscription'] as const).map((option) => (
              <label key={option} className="or-segment">
                <input
                  type="radio"
                  name="or-when"
                  checked={when === option}
                  onChange={() => chooseWhen(option)}
                />
                <span>
                  {t(
                    option === 'now'
                      ? 'expanded.now'
                      : option === 'later'
                        ? 'expanded.later'
                        : 'expanded.subscription',
                  )}
                </span>
              </label>
            ))}
          </div>
          {timeCleared ? (
            <p className="or-notice" role="status">
              {t('quote.timeCleared')}
            </p>
          ) : null}
          {when === 'later' ? <TimedOrder /> : null}
          {when === 'subscription' ? <Subscription /> : null}
        </section>
      ) : null}
      {settings.show_taxi_count ? <TaxiCount /> : null}
      <PreferMyTaxi />
      <InvoiceFor />
      {settings.show_features && features.features.length > 0 ? <Features /> : null}
      {cashFree || discount ? (
        <section className="or-section" aria-labelledby="or-payment-title">
          <h2 id="or-payment-title">{t('expanded.payment')}</h2>
          {cashFree ? (
            <Perk
              label={t('expanded.cashFree')}
              checked={draft.cash_free}
              onChange={(on) => setDraft((c) => ({ ...c, cash_free: on }))}
            />
          ) : null}
          {discount ? (
            <Perk
              label={t('expanded.discount', {
                discount: client!.discount,
                count: client!.count_discount_available,
              })}
              checked={draft.discount}
              onChange={(on) => setDraft((c) => ({ ...c, discount: on }))}
            />
          ) : null}
        </section>
      ) : null}
      <RideForSomeoneElse on={forSomeoneElse} onChange={setForSomeoneElse} />
      {settings.show_info ? (
        <label className="or-field or-section">
          <span>{t('expanded.note')}</span>
          <textarea
            className="tx-input"
            rows={3}
            maxLength={500}
            placeholder={t('expanded.notePlaceholder')}
            value={draft.info}
            onChange={(event) => setDraft((c) => ({ ...c, info: event.target.value }))}
          />
        </label>
      ) : null}
      {settings.show_password ? (
        <div className="or-field or-section">
          <label htmlFor="or-password">{t('expanded.password')}</label>
          <input
            id="or-password"
            className="tx-input"
            type="text"
            autoComplete="off"
            maxLength={50}
            aria-describedby="or-password-hint"
            value={draft.passwd}
            onChange={(event) => setDraft((c) => ({ ...c, passwd: event.target.value }))}
          />
          <small id="or-password-hint" className="or-muted">
            {t('expanded.passwordHint')}
          </small>
        </div>
      ) : null}
      <QuoteLine state={quote} />
      <OrderActions secondary={t('expanded.back')} to={SCREEN_PATHS.Home} canOrder={valid} page />
    </div>
  );
}
