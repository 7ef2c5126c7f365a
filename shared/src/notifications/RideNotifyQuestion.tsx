import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTranslations } from '../i18n/i18n';
import { Button } from '../ui/Button';
import './notify.css';
import {
  notificationChoice,
  notificationsPossible,
  pushKey,
  rememberChoice,
  subscribeRide,
} from './rideNotifications';
import texts from './texts.json';

addTranslations('notify', texts);

type Step = 'hidden' | 'ask' | 'busy' | 'on' | 'tab' | 'off' | 'closed';

export interface RideNotifyQuestionProps {
  /** The order just placed, once known. */
  shortId: string | undefined;
  /**
   * On Track: a card the screen floats over the map, with Close; a yes given before subscribes
   * this order quietly (nothing shown).
   */
  floating?: boolean;
  className?: string;
}

/**
 * Asks, in context right after the order, whether the passenger wants to hear about the ride
 * (accepted with the car, arrived, over). Once said yes, later orders subscribe without asking;
 * once said no (here or in the browser's prompt), never asked again on this device. It promises
 * only what works: with the app closed only when the server sends Web Push and the browser could
 * subscribe; otherwise the open app's notifications, and it says so.
 */
export function RideNotifyQuestion({
  shortId,
  floating = false,
  className,
}: RideNotifyQuestionProps) {
  const { t } = useTranslation('notify');
  const titleId = useId();
  const [step, setStep] = useState<Step>('hidden');
  const [key, setKey] = useState<string | null>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const answered = useRef(false);

  /** With the browser's permission: Web Push if possible, else the open app's notifications. */
  async function turnOn(publicKey: string | null, order: string): Promise<Step> {
    if (!publicKey) return 'on';
    try {
      return (await subscribeRide(order, publicKey)) ? 'on' : 'tab';
    } catch {
      // No push service reachable (or the server refused): the open app still notifies.
      return 'tab';
    }
  }

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
      const done = await turnOn(publicKey, shortId);
      if (current) setStep(floating ? 'closed' : done);
    });
    return () => {
      current = false;
    };
  }, [shortId, floating]);

  useEffect(() => {
    if (answered.current && (step === 'on' || step === 'tab' || step === 'off'))
      result.current?.focus();
  }, [step]);

  const allow = async () => {
    answered.current = true;
    setStep('busy');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      rememberChoice('off');
      setStep('off');
      return;
    }
    rememberChoice('on');
    setStep(shortId ? await turnOn(key, shortId) : 'on');
  };

  const decline = () => {
    answered.current = true;
    rememberChoice('off');
    setStep('off');
  };

  if (step === 'hidden' || step === 'closed') return null;
  const classes = ['tx-card', 'tx-notify', className].filter(Boolean).join(' ');
  if (step !== 'ask' && step !== 'busy')
    return (
      <div className={classes}>
        <p ref={result} tabIndex={-1} className="tx-notify__result" role="status">
          {t(`result.${step}`)}
        </p>
        {floating ? (
          <Button variant="secondary" onClick={() => setStep('closed')}>
            {t('close')}
          </Button>
        ) : null}
      </div>
    );
  return (
    <section className={classes} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('title')}</h2>
      <p>{t(key ? 'push' : 'tab')}</p>
      <div className="tx-notify__actions">
        <Button busy={step === 'busy'} onClick={() => void allow()}>
          {t('allow')}
        </Button>
        <Button variant="secondary" disabled={step === 'busy'} onClick={decline}>
          {t('decline')}
        </Button>
      </div>
    </section>
  );
}
