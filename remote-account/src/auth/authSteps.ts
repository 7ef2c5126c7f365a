import { emptyPhone, type PhoneValue } from '../phone';

/** Login steps (spec section 4): 1 consent, 2 phone entry, 3 code entry. */
export type Step = 1 | 2 | 3;

export interface AuthState {
  step: Step;
  consent: boolean;
  phone: PhoneValue;
  /** The step was reached by Cancel: its first control takes the focus. */
  returned: boolean;
}

export type AuthAction =
  | { type: 'consent'; value: boolean }
  | { type: 'next' }
  | { type: 'phone'; value: PhoneValue }
  | { type: 'codeSent' }
  | { type: 'cancelPhone' }
  | { type: 'cancelCode' };

export const initialAuth: AuthState = {
  step: 1,
  consent: false,
  phone: emptyPhone(),
  returned: false,
};

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'consent':
      return { ...state, consent: action.value };
    case 'next':
      return state.consent ? { ...state, step: 2, returned: false } : state;
    case 'phone':
      return { ...state, phone: action.value };
    case 'codeSent':
      return { ...state, step: 3, returned: false };
    case 'cancelPhone':
      // Cancel in step 2 resets to step 1 and clears the phone and the consent.
      return { ...initialAuth, phone: emptyPhone(state.phone.country), returned: true };
    case 'cancelCode':
      return { ...state, step: 2, returned: true };
  }
}
