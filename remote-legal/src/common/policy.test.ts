import { normaliseSettings } from '@taxi/shared';
import { formatLegalDate, legalValues } from './policy';
import { externalUrl } from './ExternalRedirect';

describe('formatLegalDate', () => {
  it.each([
    ['01-05-2024', 'en', '1 May 2024'],
    ['01-05-2024', 'pl', '1 maja 2024'],
    ['2022-06-01', 'pl', '1 czerwca 2022'],
    ['31.12.2023', 'en', '31 December 2023'],
    ['soon', 'en', 'soon'],
  ])('%s in %s is %s', (value, language, expected) => {
    expect(formatLegalDate(value, language)).toBe(expected);
  });
});

describe('legalValues', () => {
  const settings = normaliseSettings({
    corp: 'Nordic Cabs',
    self_name: 'Polska nazwa',
    self_name_en: 'English name',
  });

  it('names the operator by language, falling back to the other language, then the corporation', () => {
    expect(legalValues(settings, 'pl').operator).toBe('Polska nazwa');
    expect(legalValues(settings, 'en').operator).toBe('English name');
    expect(legalValues({ ...settings, self_name_en: '' }, 'en').operator).toBe('Polska nazwa');
    expect(legalValues({ ...settings, self_name: '', self_name_en: '' }, 'pl').operator).toBe(
      'Nordic Cabs',
    );
  });

  it('starts the regulations on 1 May 2024 unless configured', () => {
    expect(legalValues({ ...settings, regulations_start_date: '' }, 'en').regulationsStart).toBe(
      '1 May 2024',
    );
  });
});

describe('externalUrl', () => {
  it.each([
    ['https://example.com/terms', 'https://example.com/terms'],
    [' http://example.com ', 'http://example.com'],
    ['/docs/terms.pdf', '/docs/terms.pdf'],
    ['', null],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
  ])('%p -> %p', (link, expected) => {
    expect(externalUrl(link)).toBe(expected);
  });
});
