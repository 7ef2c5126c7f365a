import { useEffect, useId, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  activeOrdersAtom,
  formatPhone,
  isLoggedInAtom,
  keepTabInside,
  phoneAtom,
  settingsAtom,
} from '@taxi/shared';
import { drawerEntries } from './drawerEntries';
import { useInstallPlatform } from '../install/useInstallPlatform';
import './drawer.css';

interface DrawerProps {
  onClose: () => void;
  onLogout: () => void;
}

function CallUs({ numbers }: { numbers: { phone: string; owner: string }[] }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li>
      <button
        type="button"
        className="sh-drawer__item"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {t('menu.call_us')}
        <span aria-hidden="true" className="sh-drawer__chevron">
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open ? (
        <ul id={listId} className="sh-drawer__sublist">
          {numbers.map((entry) => (
            <li key={entry.phone}>
              <a className="sh-drawer__item" href={`tel:${entry.phone.replace(/\s/g, '')}`}>
                <span>{entry.owner}</span>
                <span className="sh-drawer__secondary">{formatPhone(entry.phone)}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The side drawer (width 320), modal while open. */
export function Drawer({ onClose, onLogout }: DrawerProps) {
  const { t } = useTranslation('shell');
  const settings = useAtomValue(settingsAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const phone = useAtomValue(phoneAtom);
  const activeOrders = useAtomValue(activeOrdersAtom);
  const installPlatform = useInstallPlatform();
  const panel = useRef<HTMLDivElement>(null);

  // Modal while open: focus moves in, and goes back to the menu button when it closes.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    return () => opener?.focus?.();
  }, []);

  if (!settings) return null;
  const entries = drawerEntries({
    loggedIn,
    activeOrders: activeOrders.length,
    installPlatform,
    settings,
  });

  return (
    <div className="sh-drawer-backdrop" onClick={onClose}>
      <div
        ref={panel}
        className="sh-drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t('menu.title')}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
          keepTabInside(event, panel.current);
        }}
      >
        <div className="sh-drawer__header">
          <span className="sh-drawer__corp">{settings.corp}</span>
          <button
            type="button"
            className="sh-drawer__close"
            aria-label={t('menu.close')}
            onClick={onClose}
          >
            ✕
          </button>
        </div>
        <nav aria-label={t('menu.title')}>
          <ul className="sh-drawer__list">
            {entries.map((entry) => {
              switch (entry.kind) {
                case 'profile':
                  return (
                    <li key="profile">
                      <Link to={entry.to} className="sh-drawer__profile" onClick={onClose}>
                        <span className="sh-drawer__avatar" aria-hidden="true">
                          {/* Drawn, not an emoji: the same on every phone, never a missing-glyph box. */}
                          <svg viewBox="0 0 24 24" width="1em" height="1em" focusable="false">
                            <path
                              fill="currentColor"
                              d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-5 0-9 2.5-9 5.5V22h18v-2.5c0-3-4-5.5-9-5.5z"
                            />
                          </svg>
                        </span>
                        <span>
                          <span className="sh-drawer__phone">
                            {phone ? formatPhone(phone) : t('common:common.unknown')}
                          </span>
                          <span className="sh-drawer__secondary">{t('menu.my_account')}</span>
                        </span>
                      </Link>
                    </li>
                  );
                case 'link':
                  return (
                    <li key={entry.id}>
                      <Link to={entry.to} className="sh-drawer__item" onClick={onClose}>
                        {t(`menu.${entry.id}`)}
                      </Link>
                    </li>
                  );
                case 'external':
                  return (
                    <li key={entry.href}>
                      <a
                        href={entry.href}
                        className="sh-drawer__item"
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        <span>
                          {t('menu.website')}
                          {entry.label ? (
                            <span className="sh-drawer__secondary">{entry.label}</span>
                          ) : null}
                        </span>
                      </a>
                    </li>
                  );
                case 'call':
                  return <CallUs key="call" numbers={entry.numbers} />;
                case 'logout':
                  return (
                    <li key="logout">
                      <button type="button" className="sh-drawer__item" onClick={onLogout}>
                        {t('menu.logout')}
                      </button>
                    </li>
                  );
              }
            })}
          </ul>
        </nav>
      </div>
    </div>
  );
}
