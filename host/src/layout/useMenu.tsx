import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AlertDialog, ConfirmDialog, logOut, SCREEN_PATHS, whenIdle } from '@taxi/shared';
import type { Drawer as DrawerComponent } from './Drawer';

// The drawer opens on a tap: it is not part of the first screen's bytes. It is fetched once the
// browser is idle, so the tap rarely waits for it (a failed load is tried again by the next tap).
let Drawer: typeof DrawerComponent | undefined;
const loadDrawer = () =>
  import(/* webpackChunkName: "drawer" */ './Drawer').then((module) => (Drawer = module.Drawer));

/** The drawer and the logout confirmation, shared by the default and map layouts. */
export function useMenu() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);

  useEffect(() => whenIdle(() => void loadDrawer().catch(() => undefined)), []);

  const openMenu = () => {
    if (Drawer) return setOpen(true);
    if (loading) return;
    setLoading(true);
    loadDrawer()
      .then(
        () => setOpen(true),
        () => setUnavailable(true),
      )
      .finally(() => setLoading(false));
  };

  const overlays = (
    <>
      {open && Drawer ? (
        <Drawer
          onClose={() => setOpen(false)}
          onLogout={() => {
            setOpen(false);
            setConfirmLogout(true);
          }}
        />
      ) : null}
      {unavailable ? (
        <AlertDialog
          title={t('remote.unavailable_title')}
          message={t('remote.unavailable_message')}
          onClose={() => setUnavailable(false)}
        />
      ) : null}
      {confirmLogout ? (
        <ConfirmDialog
          title={t('logout_dialog.title')}
          message={t('logout_dialog.message')}
          confirmLabel={t('logout_dialog.confirm')}
          onCancel={() => setConfirmLogout(false)}
          onConfirm={() => {
            setConfirmLogout(false);
            logOut();
            navigate(SCREEN_PATHS.Auth, { replace: true });
          }}
        />
      ) : null}
    </>
  );

  const menuButton = (className: string) => (
    <button
      type="button"
      className={className}
      aria-label={t('menu.open')}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-busy={loading}
      onClick={openMenu}
    >
      <span aria-hidden="true">☰</span>
    </button>
  );

  return { overlays, menuButton };
}
