import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog, logOut, SCREEN_PATHS } from '@taxi/shared';
import { Drawer } from './Drawer';

/** The drawer and the logout confirmation, shared by the default and map layouts. */
export function useMenu() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);

  const overlays = (
    <>
      {open ? (
        <Drawer
          onClose={() => setOpen(false)}
          onLogout={() => {
            setOpen(false);
            setConfirmLogout(true);
          }}
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
      onClick={() => setOpen(true)}
    >
      <span aria-hidden="true">☰</span>
    </button>
  );

  return { overlays, menuButton };
}
