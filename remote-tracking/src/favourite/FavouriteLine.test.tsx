import { screen } from '@testing-library/react';
import { fakeApi } from '@taxi/shared/testing';
import Track from '../track/Track';
import {
  offContractFields,
  push,
  rating,
  record,
  renderTrack,
  serve,
  settle,
  TAXIS_DATA,
  withTrackHarness,
  type PushedRecord,
} from '../testing/track';

jest.mock('@taxi/shared/map', () => jest.requireActual('../testing/map').fakeMapModule);

const sockets = withTrackHarness();
const line = (text: string) => screen.findByText(text, { selector: '[role="status"]' });

describe('Track: what became of the favourite taxi', () => {
  beforeEach(() => fakeApi({ GET_RATE: rating(null) }));

  it('says the favourite is coming once it accepted', async () => {
    renderTrack(<Track />);
    serve(sockets(), record({ favourite: { outcome: 'coming', call_number: '12' } }));
    await settle();
    expect(await line('Your taxi 12 is coming')).toBeInTheDocument();
  });

  it('says, in Polish too, that it was not free and another taxi is coming', async () => {
    renderTrack(<Track />, { language: 'pl' });
    serve(sockets(), record({ accepted_taxis: [], favourite: null }));
    await settle();
    expect(screen.queryByText(/ulubiona/)).not.toBeInTheDocument();
    push(sockets(), {
      action_id: 'ORDER_UPDATE',
      order: record({ favourite: { outcome: 'not_free', call_number: null } }),
      taxis_data: TAXIS_DATA,
    });
    await settle();
    expect(
      await line('Twoja ulubiona taksówka nie była wolna; jedzie inna taksówka'),
    ).toBeInTheDocument();
  });

  it('shows nothing for an order without a favourite, or an odd one', async () => {
    renderTrack(<Track />);
    serve(sockets(), record(offContractFields<PushedRecord>({ favourite: { outcome: 'maybe' } })));
    await settle();
    expect(screen.queryByText(/favourite|Your taxi/)).not.toBeInTheDocument();
  });
});
