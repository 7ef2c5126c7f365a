import { ACTION_NAMES } from './action-names.ts';
import {
  emptyAddressPoint,
  ERROR_CODES,
  ERROR_MESSAGES,
  isErrorCode,
  WEEKDAYS,
  weekdayOfDayNumber,
} from './index.ts';

describe('the error catalogue', () => {
  it('holds the codes of spec section 8 with their messages, and IN_PROGRESS', () => {
    expect(ERROR_MESSAGES.ORDER_ACCESS_DENIED).toBe('Order not available');
    expect(ERROR_MESSAGES.CONNECTION_ERROR).toBe('Connection to server error');
    expect(ERROR_CODES).toHaveLength(19);
    expect(ERROR_CODES).toContain('IN_PROGRESS');
  });

  it('tells a code from any other text', () => {
    expect(isErrorCode('WRONG_REPEATED')).toBe(true);
    expect(isErrorCode('UNKNOWN')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('weekdays', () => {
  it('start on Monday as the repeated_* fields of spec section 3', () => {
    expect(WEEKDAYS[0]).toBe('monday');
    expect(WEEKDAYS[6]).toBe('sunday');
  });

  it('map getDay() numbers, Sunday being 0', () => {
    expect([0, 1, 6].map(weekdayOfDayNumber)).toEqual(['sunday', 'monday', 'saturday']);
  });
});

it('names every action once per API', () => {
  for (const names of Object.values(ACTION_NAMES))
    expect(new Set<string>(names).size).toBe(names.length);
  expect(ACTION_NAMES['/api/2/']).toContain('ORDER_SAVE');
});

it('gives an empty address point, with coordinates when known', () => {
  expect(emptyAddressPoint()).toMatchObject({ id: null, lat: null, street: '' });
  expect(emptyAddressPoint(52.2, 21)).toMatchObject({ lat: 52.2, lng: 21, city: '' });
});
