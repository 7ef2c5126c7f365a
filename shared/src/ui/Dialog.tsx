import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { keepTabInside } from './focus';

export interface DialogProps {
  title?: string;
  children?: ReactNode;
  actions: ReactNode;
  onDismiss?: () => void;
  role?: 'dialog' | 'alertdialog';
}

/** A modal dialog: focus moves into it, Escape dismisses, focus returns after. */
export function Dialog({ title, children, actions, onDismiss, role = 'dialog' }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(
      '.tx-dialog__actions button:last-child',
    );
    (first ?? panel.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && onDismiss) {
      event.stopPropagation();
      onDismiss();
    }
    keepTabInside(event, panel.current);
  };

  return createPortal(
    <div className="tx-dialog-backdrop" onClick={onDismiss}>
      <div
        ref={panel}
        className="tx-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onClick={(event) => event.stopPropagation()}
      >
        {title ? (
          <h2 id={titleId} className="tx-dialog__title">
            {title}
          </h2>
        ) : null}
        {children ? (
          <div id={bodyId} className="tx-dialog__body">
            {children}
          </div>
        ) : null}
        <div className="tx-dialog__actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      title={props.title}
      role="alertdialog"
      onDismiss={props.busy ? undefined : props.onCancel}
      actions={
        <>
          <Button variant="text" onClick={props.onCancel} disabled={props.busy}>
            {props.cancelLabel ?? t('common.cancel')}
          </Button>
          <Button
            variant={props.danger ? 'danger' : 'primary'}
            onClick={props.onConfirm}
            busy={props.busy}
          >
            {props.confirmLabel ?? t('common.ok')}
          </Button>
        </>
      }
    >
      {props.message}
    </Dialog>
  );
}

export interface AlertDialogProps {
  title?: string;
  message: ReactNode;
  onClose: () => void;
  closeLabel?: string;
}

export function AlertDialog({ title, message, onClose, closeLabel }: AlertDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      title={title}
      role="alertdialog"
      onDismiss={onClose}
      actions={<Button onClick={onClose}>{closeLabel ?? t('common.ok')}</Button>}
    >
      {message}
    </Dialog>
  );
}
