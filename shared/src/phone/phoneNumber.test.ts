import { checkPhone, countryOptions, isInternational } from './phoneNumber';

describe('checkPhone', () => {
  const PL = ['PL'];

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['600 10', 'incomplete'],
    ['600 100', 'invalid'], // a length some Polish numbers have, but no mobile one
    ['12 345 67 89', 'invalid'], // a Kraków landline: cannot receive the code
    ['600 100 2001', 'invalid'],
    ['abc', 'invalid'],
    ['600 100 200', 'valid'],
    ['600-100-200', 'valid'],
    ['+48 600 100 200', 'valid'],
    ['0048600100200', 'valid'],
    ['+49 1511 2345678', 'unsupported'],
  ])('%j in Poland is %s', (input, status) => {
    expect(checkPhone(input, 'PL', PL).status).toBe(status);
  });

  it('gives the E.164 number the server takes, and the number as shown', () => {
    expect(checkPhone('0048 600-100-200', 'PL', PL)).toEqual({
      status: 'valid',
      country: 'PL',
      e164: '+48600100200',
      formatted: '+48 600 100 200',
      national: '600100200',
    });
  });

  it('reads a national number in the chosen country, a prefixed one in its own', () => {
    expect(checkPhone('1511 2345678', 'DE', ['PL', 'DE'])).toMatchObject({
      status: 'valid',
      e164: '+4915112345678',
    });
    expect(checkPhone('+48 600 100 200', 'DE', ['PL', 'DE'])).toMatchObject({
      status: 'valid',
      country: 'PL',
    });
  });

  it('calls a number of a country the corporation does not text unsupported', () => {
    expect(checkPhone('+380 50 123 4567', 'PL', PL)).toMatchObject({
      status: 'unsupported',
      country: 'UA',
    });
    expect(checkPhone('+380 50 123 4567', 'PL', ['PL', 'UA']).status).toBe('valid');
  });

  it('says why a number is wrong when typing on cannot mend it', () => {
    expect(checkPhone('600 100 200 300 400 500', 'PL', PL)).toMatchObject({
      status: 'invalid',
      reason: 'TOO_LONG',
    });
  });
});

describe('isInternational', () => {
  it.each([
    ['+48 600', true],
    ['0048 600', true],
    ['600 100', false],
    ['', false],
  ])('%j: %s', (input, expected) => expect(isInternational(input)).toBe(expected));
});

describe('countryOptions', () => {
  it('lists the supported countries first, in order, then the rest by name', () => {
    const options = countryOptions(['PL', 'UA'], 'en');
    expect(options.slice(0, 2).map((option) => option.code)).toEqual(['PL', 'UA']);
    const rest = options.slice(2).map((option) => option.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(options.find((option) => option.code === 'DE')).toEqual({
      code: 'DE',
      name: 'Germany',
      callingCode: '49',
    });
  });

  it('names the countries in the language shown', () => {
    expect(countryOptions(['PL'], 'pl')[0]).toEqual({
      code: 'PL',
      name: 'Polska',
      callingCode: '48',
    });
  });
});
