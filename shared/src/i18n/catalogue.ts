import { type ErrorCode, ERROR_MESSAGES, UNKNOWN_ERROR_MESSAGE } from '@taxi/contract';

/** A text for every code of the catalogue (@taxi/contract), and for an unknown one. */
type ErrorTexts = Record<ErrorCode | 'unknown', string>;

/** Texts every part uses: the error catalogue of spec section 8 and common words. */
export const commonTexts = {
  en: {
    // The English texts are the contract's status_mesg.
    errors: { ...ERROR_MESSAGES, unknown: UNKNOWN_ERROR_MESSAGE } satisfies ErrorTexts,
    common: {
      ok: 'OK',
      cancel: 'Cancel',
      close: 'Close',
      back: 'Back',
      retry: 'Retry',
      yes: 'Yes',
      no: 'No',
      loading: 'Loading…',
      unknown: 'unknown',
      mapCredits: 'Map credits',
    },
    // The general form messages of spec section 5 that a screen uses.
    validation: { accept_statement: 'Please accept the statement.' },
  },
  pl: {
    errors: {
      ACCESS_DENIED: 'Odmowa dostępu',
      ACCESS_NOT_ALLOWED: 'Brak uprawnień do wykonania akcji',
      ACTION_ACCESS_DENIED: 'Nie możesz wykonać tej akcji',
      ACTION_NOT_ALLOWED: 'Akcja niedozwolona',
      ARG_ERROR: 'Nieprawidłowe parametry wywołania',
      BLOCKED: 'Klient zablokowany',
      CONNECTION_ERROR: 'Błąd połączenia z serwerem',
      DOC_ERROR: 'Błąd zawartości pliku',
      DOC_MISSING: 'Brak pliku',
      EXCEPTION: 'Błąd wykonania, zwrócono wyjątek',
      FAILED: 'Operacja nie powiodła się',
      INVALID_DATA: 'Podano nieprawidłowe dane',
      IN_PROGRESS: 'Inne zamówienie jest w trakcie realizacji',
      NOT_FOUND: 'Obiekt nie istnieje',
      ORDER_ACCESS_DENIED: 'Zlecenie niedostępne',
      STORAGE_MISSING: 'Brak magazynu danych',
      TAXI_NOT_CONNECTED: 'Taksówka nie jest połączona z systemem',
      WRONG_DATE_TIME: 'Błędna data zlecenia terminowego',
      WRONG_REPEATED: 'Błędne daty lub inny błąd w zleceniu abonamentowym',
      unknown: 'Błąd wykonania, spróbuj ponownie później',
    } satisfies ErrorTexts,
    common: {
      ok: 'OK',
      cancel: 'Anuluj',
      close: 'Zamknij',
      back: 'Wstecz',
      retry: 'Spróbuj ponownie',
      yes: 'Tak',
      no: 'Nie',
      loading: 'Wczytywanie…',
      unknown: 'nieznany',
      mapCredits: 'Autorzy mapy',
    },
    validation: { accept_statement: 'Zaakceptuj oświadczenie.' },
  },
} as const;
