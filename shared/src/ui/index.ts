import './ui.css';

export { clearOfSheet, PIN_HEIGHT, useCoveredBottom } from './coveredBottom';
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { Dialog, ConfirmDialog, AlertDialog, type DialogProps } from './Dialog';
export { Spinner } from './Spinner';
export { keepTabInside } from './focus';
export { whenIdle } from './idle';
export { lazyRetrying } from './lazyRetrying';
export { prefersReducedMotion } from './motion';
