import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { activeOrdersAtom, Button, refreshActiveOrders } from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import './notify.css';
import {
  newestOrder,
  notificationChoice,
  notificationsPossible,
  pushKey,
  rememberChoice,
  subscribeRide,
} from './rideNotifications';

type Step = 'hidden' | 'ask' | 'busy' | 'on' | 'off' | 'failed';

/**
 * Asks, in context right after the order, whether the passenger wants to hear about the ride
 * (accepted with the car, arrived, over). Once said yes, later orders subscribe without asking;
 * once said no (here or in the browser's prompt), never asked again on this device. It promises
 * only what works: with the app closed only when the server sends Web Push.
 */
export function NotifyOptIn() {
  const { t } = useOrderingText();
  const orders = useAtomValue(activeOrdersAtom);
  const order = newestOrder(orders);
  const [step, setStep] = useState<Step>('hidden');
  const [key, setKey] = useState<string | null>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const shortId = order?.track.order_short_id;

  useEffect(() => {
    if (!notificationsPossible() || notificationChoice() === 'off') return;
    if (orders.length === 0) refreshActiveOrders().catch(() => undefined);
  }, [orders.length]);

  useEffect(() => {
    if (!shortId || !notificationsPossible() || notificationChoice() === 'off') return;
    let current = true;
    void pushKey().then(async (publicKey) => {
      if (!current) return;
      setKey(publicKey);
      if (notificationChoice() !== 'on' || Notification.permission !== 'granted') {
        setStep('ask');
        return;
      }
      // Said yes before: this order too, without asking.
      try {
        if (publicKey && order) await subscribeRide(order, publicKey);
        if (current) setStep('on');
      } catch {
        if (current) setStep('failed');
      }
    });
    return () => {
      current = false;
    };
    // The order is looked up again only when another one is placed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shortId]);

  useEffect(() => {
    if (step === 'on' || step === 'off' || step === 'failed') result.current?.focus();
  }, [step]);

  const allow = async () => {
    setStep('busy');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      rememberChoice('off');
      setStep('off');
      return;
    }
    rememberChoice('on');
    try {
      if (key && order) await subscribeRide(order, key);
      setStep('on');
    } catch {
      setStep('failed');
    }
  };

  const decline = () => {
    rememberChoice('off');
    setStep('off');
  };

  if (step === 'hidden') return null;
  if (step !== 'ask' && step !== 'busy')
    return (
      <p
        ref={result}
        tabIndex={-1}
        className="or-notify__result"
        role={step === 'failed' ? 'alert' : 'status'}
      >
        {t(`success.notify.${step}`)}
      </p>
    );
  return (
    <section className="tx-card or-notify" aria-labelledby="or-notify-title">
      <h2 id="or-notify-title">{t('success.notify.title')}</h2>
      <p>{t(key ? 'success.notify.push' : 'success.notify.tab')}</p>
      <div className="or-notify__actions">
        <Button busy={step === 'busy'} onClick={() => void allow()}>
          {t('success.notify.allow')}
        </Button>
        <Button variant="secondary" disabled={step === 'busy'} onClick={decline}>
          {t('success.notify.decline')}
        </Button>
      </div>
    </section>
  );
}
