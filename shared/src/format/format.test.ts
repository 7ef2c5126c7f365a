import { formatPhone, formatPrice } from './format';

describe('price', () => {
  it('uses a comma decimal and the currency, zł by default', () => {
    expect(formatPrice(12.5)).toBe('12,50\u00a0zł');
    expect(formatPrice(7)).toBe('7,00\u00a0zł');
    expect(formatPrice(0.055, 'EUR')).toBe('0,06\u00a0EUR');
  });

  it('groups thousands', () => {
    expect(formatPrice(1234.5)).toBe('1\u00a0234,50\u00a0zł');
  });
});

describe('phone', () => {
  it('shows Polish numbers as +48 with grouping', () => {
    expect(formatPhone('48600100200')).toBe('+48 600 100 200');
    expect(formatPhone('+48600100200')).toBe('+48 600 100 200');
    expect(formatPhone('0048600100200')).toBe('+48 600 100 200');
    expect(formatPhone('600100200')).toBe('+48 600 100 200');
    expect(formatPhone('+48 600-100-200')).toBe('+48 600 100 200');
  });

  it('leaves other numbers as they are', () => {
    expect(formatPhone('+4915112345678')).toBe('+4915112345678');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});
