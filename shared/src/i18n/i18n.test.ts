import { ApiError } from '../api/errors';
import { ERROR_CODES } from '@taxi/contract';
import { commonTexts } from './catalogue';
import { detectLanguage, errorMessage, initI18n } from './i18n';

describe('language', () => {
  it('is Polish when the browser prefers it', () => {
    expect(detectLanguage(['pl-PL', 'en-US'])).toBe('pl');
    expect(detectLanguage(['pl'])).toBe('pl');
  });

  it('is English for English and for languages the app does not speak', () => {
    expect(detectLanguage(['en-US'])).toBe('en');
    expect(detectLanguage(['de-DE', 'fr'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });

  it('takes the first supported language of the preference list', () => {
    expect(detectLanguage(['de-DE', 'pl-PL'])).toBe('pl');
  });

  it('follows the corporation language list and default', () => {
    expect(detectLanguage(['pl-PL'], ['en'], 'en')).toBe('en');
    expect(detectLanguage(['de'], ['pl', 'en'], 'pl')).toBe('pl');
  });
});

describe('error catalogue', () => {
  it('has every code of section 8 in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(commonTexts.en.errors[code]).toBeTruthy();
      expect(commonTexts.pl.errors[code]).toBeTruthy();
    }
  });

  it('gives the message of a code, and the unknown-code text otherwise', () => {
    initI18n('en');
    expect(errorMessage(new ApiError('BLOCKED'))).toBe('Client blocked');
    expect(errorMessage(new ApiError('CONNECTION_ERROR'))).toBe('Connection to server error');
    expect(errorMessage(new ApiError('SOMETHING_NEW'))).toBe('Error in execution, try again later');
    expect(errorMessage(new ApiError('EXCEPTION'))).toBe('Error in execution, returned exception');
    expect(errorMessage(new TypeError('not an API error'))).toBe(
      'Error in execution, try again later',
    );
    initI18n('pl');
    expect(errorMessage(new ApiError('ORDER_ACCESS_DENIED'))).toBe('Zlecenie niedostępne');
    initI18n('en');
  });
});
