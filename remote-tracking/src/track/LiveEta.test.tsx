import { screen, within } from '@testing-library/react';
import { fakeApi } from '@taxi/shared/testing';
import Track from './Track';
import {
  advance,
  heading,
  push,
  rating,
  record,
  renderTrack,
  serve,
  settle,
  taxi,
  withTrackHarness,
} from '../testing/track';

jest.mock('@taxi/shared/map', () => jest.requireActual('../testing/map').fakeMapModule);

const sockets = withTrackHarness();
beforeEach(() => fakeApi({ GET_RATE: rating(null) }));

/** Track, opened once the rating lookup (1 s after start) has had its answer. */
async function openTrack(language?: 'pl') {
  const rendered = renderTrack(<Track />, language ? { language } : {});
  advance(1000);
  await settle();
  return rendered;
}

const card = () => screen.getByRole('article', { name: 'Taxi 12' });
const pins = () => within(screen.getByRole('list', { name: 'Map of the ride' }));
/** The state's polite live region beside the panel (the spinner's status is another one). */
const liveRegion = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('.tr-announcer')!;

describe('Track: a live ETA', () => {
  it('counts the taxi’s ETA down each minute until the next report, never below 1 min', async () => {
    await openTrack();
    serve(sockets());
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state_eta: 4 }) });
    const title = heading('Taxi on the way');
    expect(card()).toHaveTextContent('Arrives in about 4 min');
    advance(59_999);
    expect(card()).toHaveTextContent('Arrives in about 4 min');
    advance(1);
    expect(card()).toHaveTextContent('Arrives in about 3 min');
    advance(60_000);
    expect(card()).toHaveTextContent('Arrives in about 2 min');
    // A report sets it again and the count starts over from there.
    advance(30_000);
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state_eta: 3 }) });
    expect(card()).toHaveTextContent('Arrives in about 3 min');
    advance(59_999);
    expect(card()).toHaveTextContent('Arrives in about 3 min');
    advance(1);
    expect(card()).toHaveTextContent('Arrives in about 2 min');
    advance(10 * 60_000);
    expect(card()).toHaveTextContent('Arrives in about 1 min');
    // The heading is the same element with the same name all along: the ticks stay in the card.
    expect(heading('Taxi on the way')).toBe(title);
  });

  it('counts the record’s eta_min down from when the record came', async () => {
    await openTrack();
    serve(sockets(), record({ eta_min: 7 }));
    advance(2 * 60_000);
    expect(card()).toHaveTextContent('Arrives in about 5 min');
    // A report without an ETA of its own leaves the record's count as it was.
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state_eta: null }) });
    expect(card()).toHaveTextContent('Arrives in about 5 min');
    advance(60_000);
    expect(card()).toHaveTextContent('Arrives in about 4 min');
  });
});

describe('Track: a taxi gone silent', () => {
  it('fades after 20 s without a position, says when it was last seen, and comes back with the next report', async () => {
    await openTrack();
    serve(sockets());
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12') });
    expect(pins().getByText('Taxi 12')).not.toHaveAttribute('data-stale');
    advance(19_999);
    expect(pins().getByText('Taxi 12')).not.toHaveAttribute('data-stale');
    expect(card()).not.toHaveTextContent(/Position updated/);

    advance(1);
    expect(pins().getByText('Taxi 12, position out of date')).toHaveAttribute('data-stale', 'true');
    expect(card()).toHaveTextContent('Position updated 20 s ago');
    advance(20_000);
    expect(card()).toHaveTextContent('Position updated 40 s ago');
    advance(60_000);
    expect(card()).toHaveTextContent('Position updated 1 min ago');
    // It is only the line that says so: the ETA goes on counting as before.
    expect(card()).toHaveTextContent('Arrives in about 3 min');

    // The same position reported again is a fresh report all the same.
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state_eta: 2 }) });
    expect(pins().getByText('Taxi 12')).not.toHaveAttribute('data-stale');
    expect(card()).not.toHaveTextContent(/Position updated/);
    expect(card()).toHaveTextContent('Arrives in about 2 min');
    advance(20_000);
    expect(pins().getByText('Taxi 12, position out of date')).toBeInTheDocument();
  });

  it('fades each taxi on its own clock', async () => {
    await openTrack();
    serve(sockets(), record({ taxi_count: 2, accepted_taxis: ['12', '17'] }));
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12') });
    advance(15_000);
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('17') });
    advance(5_000);
    expect(pins().getByText('Taxi 12, position out of date')).toBeInTheDocument();
    expect(pins().getByText('Taxi 17')).not.toHaveAttribute('data-stale');
    advance(15_000);
    expect(pins().getByText('Taxi 17, position out of date')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Taxi 17' })).toHaveTextContent(
      'Position updated 20 s ago',
    );
  });

  it('says it in Polish', async () => {
    await openTrack('pl');
    serve(sockets());
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12') });
    advance(40_000);
    expect(
      within(screen.getByRole('list', { name: 'Mapa przejazdu' })).getByText(
        'Taksówka 12, pozycja nieaktualna',
      ),
    ).toHaveAttribute('data-stale', 'true');
    expect(screen.getByRole('article', { name: 'Taksówka 12' })).toHaveTextContent(
      'Pozycja zaktualizowana 40 s temu',
    );
    advance(80_000);
    expect(screen.getByRole('article', { name: 'Taksówka 12' })).toHaveTextContent(
      'Pozycja zaktualizowana 2 min temu',
    );
  });
});

describe('Track: state changes for screen readers', () => {
  it('announces each new state once in a polite region beside the heading, not the ETA ticks', async () => {
    const { container } = await openTrack();
    const region = liveRegion(container);
    expect(region).toHaveAttribute('aria-atomic', 'true');
    // What a screen reader would read out: the region's text after each change of it.
    const observer = new MutationObserver(() => undefined);
    observer.observe(region, { subtree: true, childList: true, characterData: true });
    const said: string[] = [];
    const step = (act: () => void) => {
      act();
      if (observer.takeRecords().length > 0) said.push(region.textContent ?? '');
    };

    expect(region).toBeEmptyDOMElement();
    step(() => serve(sockets(), record({ accepted_taxis: [] })));
    step(() => push(sockets(), { action_id: 'ORDER_UPDATE', order: record() }));
    step(() => push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12') }));
    // Ticks, a stale taxi, reports and the same record again change nothing that is read out.
    step(() => advance(3 * 60_000));
    step(() =>
      push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state_eta: 2 }) }),
    );
    step(() => push(sockets(), { action_id: 'ORDER_UPDATE', order: record() }));
    step(() =>
      push(sockets(), {
        action_id: 'ORDER_UPDATE',
        order: record({ arrived: '2026-11-21 10:05' }),
      }),
    );
    expect(said).toEqual([
      'Order accepted, waiting for a free taxi',
      'Taxi on the way',
      'Your taxi has arrived',
    ]);
    // The heading keeps its own name: the region is beside it, not in it.
    expect(heading('Your taxi has arrived')).not.toContainElement(region);
  });

  it('announces in Polish', async () => {
    const { container } = await openTrack('pl');
    serve(sockets(), record({ accepted_taxis: [] }));
    push(sockets(), { action_id: 'ORDER_UPDATE', order: record() });
    const region = liveRegion(container);
    expect(region).toHaveTextContent('Taksówka w drodze');
    expect(region).not.toContainElement(heading('Taksówka w drodze'));
  });
});
