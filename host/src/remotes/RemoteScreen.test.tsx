import type { ComponentType } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addTranslations, reportError } from '@taxi/shared';
import { renderScreen } from '@taxi/shared/testing';
import { shellTexts } from '../i18n/texts';
import { RemoteScreen, warmFirstScreen } from './RemoteScreen';
import * as registry from './registry';

jest.mock('./registry', () => {
  const actual = jest.requireActual('./registry');
  return {
    ...actual,
    loadScreen: jest.fn(),
    forgetRemote: jest.fn(),
    loadedRelease: () => '1.2.3',
  };
});
jest.mock('@taxi/shared', () => ({
  ...jest.requireActual('@taxi/shared'),
  reportError: jest.fn(() => Promise.resolve()),
}));

const loadScreen = registry.loadScreen as jest.Mock;

function Broken(): never {
  throw new Error('render failure');
}

describe('a remote screen', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadScreen.mockReset();
  });

  function show(module: string) {
    addTranslations('shell', shellTexts);
    return renderScreen(<RemoteScreen remote="tracking" module={module} />);
  }

  it('renders the remote component, marked with its release', async () => {
    loadScreen.mockResolvedValue(() => <h1>Track</h1>);
    const { container } = show('./Track');
    expect(await screen.findByRole('heading', { name: 'Track' })).toBeInTheDocument();
    const marked = container.querySelector('[data-remote="tracking"]');
    expect(marked).toHaveAttribute('data-release', '1.2.3');
    expect(marked).toHaveAttribute('data-bucket', 'stable');
  });

  it('shows unavailable with Retry when loading fails, and Retry loads again', async () => {
    loadScreen.mockRejectedValueOnce(new Error('404')).mockResolvedValueOnce(() => <h1>Rate</h1>);
    show('./Rate');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Rate' })).toBeInTheDocument();
    expect(registry.forgetRemote).toHaveBeenCalledWith('tracking');
  });

  it('shows unavailable when the remote throws while rendering, and reports its release', async () => {
    loadScreen.mockResolvedValue(Broken);
    show('./OrderList');
    expect(
      await screen.findByRole('heading', { name: 'This part of the app is unavailable' }),
    ).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'render failure', part: 'tracking', release: '1.2.3' }),
    );
  });

  it('shows not available yet for a screen the remote does not expose', async () => {
    loadScreen.mockRejectedValue(new registry.ScreenNotYetAvailable('tracking/Track'));
    show('./TrackWithQuery');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Not available yet' })).toBeInTheDocument(),
    );
  });

  it('loads the screens a passenger opens next once it is shown; such a screen then shows at once', async () => {
    let showHome: (component: ComponentType) => void = () => undefined;
    loadScreen.mockImplementation((_remote: string, module: string) =>
      module === './Home'
        ? new Promise((resolve) => (showHome = resolve))
        : Promise.resolve(() => <h1>Order summary</h1>),
    );
    addTranslations('shell', shellTexts);
    const home = renderScreen(
      <RemoteScreen
        remote="ordering"
        module="./Home"
        next={[{ remote: 'ordering', module: './OrderSummary' }]}
      />,
    );
    // Not while the screen itself still loads: on 2G the two would share the line.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(loadScreen).not.toHaveBeenCalledWith('ordering', './OrderSummary');
    await act(async () => showHome(() => <h1>Home</h1>));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await waitFor(() => expect(loadScreen).toHaveBeenCalledWith('ordering', './OrderSummary'));
    await act(async () => undefined);
    home.unmount();

    renderScreen(<RemoteScreen remote="ordering" module="./OrderSummary" />);
    // In the same render: no spinner first.
    expect(screen.getByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
  });

  it('loads the screen of the first path before the app renders, which then draws it at once', async () => {
    loadScreen.mockResolvedValue(() => <h1>Log in</h1>);
    await warmFirstScreen('/auth/', 1000);
    expect(loadScreen).toHaveBeenCalledWith('account', './Auth');
    addTranslations('shell', shellTexts);
    renderScreen(<RemoteScreen remote="account" module="./Auth" />);
    // In the first render: no spinner, no second render.
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('waits for the first screen only so long, and not at all for a path no remote shows', async () => {
    loadScreen.mockReturnValue(new Promise(() => undefined));
    const started = Date.now();
    await warmFirstScreen('/regulations/', 30);
    expect(Date.now() - started).toBeLessThan(1000);
    loadScreen.mockClear();
    await warmFirstScreen('/no-such-screen/', 60_000);
    expect(loadScreen).not.toHaveBeenCalled();
  });
});
