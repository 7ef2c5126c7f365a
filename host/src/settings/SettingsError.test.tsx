import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addTranslations, initI18n } from '@taxi/shared';
import { shellTexts } from '../i18n/texts';
import { SettingsError } from './SettingsError';
import { loadSettings } from './loadSettings';

describe('settings load failure', () => {
  beforeEach(() => {
    initI18n('en');
    addTranslations('shell', shellTexts);
  });

  it('shows the spec message and reloads on confirm', async () => {
    const reload = jest.fn();
    render(<SettingsError onConfirm={reload} />);
    expect(
      screen.getByText(
        'There was an error loading settings. Please refresh the app or try again later.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('rejects on a non-OK reply and asks with a time stamp and the hostname', async () => {
    const fetchMock = jest.fn().mockResolvedValue(new Response('nope', { status: 500 }));
    globalThis.fetch = fetchMock;
    await expect(loadSettings('taxi.example')).rejects.toThrow('HTTP 500');
    const url = new URL(fetchMock.mock.calls[0][0] as string, 'http://x');
    expect(url.pathname).toBe('/settings.json');
    expect(url.searchParams.get('hostname')).toBe('taxi.example');
    expect(Number(url.searchParams.get('t'))).toBeGreaterThan(0);
  });

  it('fills defaults for fields a corporation leaves out', async () => {
    globalThis.fetch = jest
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ corp: 'X', gps_accuracy: 'bad' })));
    const settings = await loadSettings('x');
    expect(settings.corp).toBe('X');
    expect(settings.gps_accuracy).toBe(60);
    expect(settings.currency).toBe('zł');
  });
});
