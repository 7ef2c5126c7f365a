// Entering a phone number and the SMS code sent to it: the pieces login and profile share.
export * from './types';
export { PhoneField, preloadPhoneField, useSupportedCountries } from './field';
export { CodeForm } from './CodeForm';
export { PhoneForm } from './PhoneForm';
