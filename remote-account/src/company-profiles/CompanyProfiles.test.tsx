import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Answers, fail, fakeApi, renderScreen, resetSession } from '@taxi/shared/testing';
import { CompanyProfiles } from './CompanyProfiles';

const ACME = {
  id: 4,
  name: 'Zażółć S.A.',
  address: 'ul. Łąkowa 3, 31-100 Kraków',
  nip: '5261040828',
  email: 'faktury@zazolc.example',
};

function renderProfiles(answers: Answers, language: 'en' | 'pl' = 'en') {
  const server = fakeApi(answers);
  const user = userEvent.setup();
  renderScreen(<CompanyProfiles />, { token: 't', path: '/settings/', language });
  return { server, user };
}

beforeEach(resetSession);
afterEach(() => jest.restoreAllMocks());

describe('Company profiles', () => {
  it('adds a company once its NIP and e-mail are valid, saving the NIP as 10 digits', async () => {
    const { server, user } = renderProfiles({
      GET_COMPANY_PROFILES: { invoicing: true, data_list: [] },
      SAVE_COMPANY_PROFILE: { profile: ACME },
    });
    const section = await screen.findByRole('region', { name: 'Companies for invoices' });
    await user.click(within(section).getByRole('button', { name: 'Add a company' }));
    await user.type(screen.getByLabelText('Company name'), ACME.name);
    await user.type(screen.getByLabelText('Address (street, postcode, town)'), ACME.address);
    await user.type(screen.getByLabelText('NIP (tax number)'), '526-104-08-27');
    await user.type(screen.getByLabelText('E-mail for invoices'), 'faktury@');
    await user.click(screen.getByRole('button', { name: 'Save company' }));
    const nip = screen.getByLabelText('NIP (tax number)');
    expect(nip).toHaveAccessibleDescription('Enter a valid NIP of 10 digits.');
    expect(nip).toHaveFocus();
    expect(screen.getByLabelText('E-mail for invoices')).toHaveAccessibleDescription(
      'Enter a valid e-mail address.',
    );
    expect(server.of('SAVE_COMPANY_PROFILE')).toHaveLength(0);

    await user.clear(nip);
    await user.type(nip, '526-104-08-28');
    await user.type(screen.getByLabelText('E-mail for invoices'), 'zazolc.example');
    await user.click(screen.getByRole('button', { name: 'Save company' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Zażółć S.A. saved.');
    expect(server.of('SAVE_COMPANY_PROFILE')[0]?.payload).toEqual({
      profile: { name: ACME.name, address: ACME.address, nip: '5261040828', email: ACME.email },
    });
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'NIP 5261040828 · faktury@zazolc.example',
    );
  });

  it('changes and deletes a company, in Polish', async () => {
    const { server, user } = renderProfiles(
      {
        GET_COMPANY_PROFILES: { invoicing: true, data_list: [ACME] },
        SAVE_COMPANY_PROFILE: { profile: { ...ACME, name: 'Nowa S.A.' } },
        DELETE_COMPANY_PROFILE: {},
      },
      'pl',
    );
    await user.click(await screen.findByRole('button', { name: 'Zmień: Zażółć S.A.' }));
    const name = screen.getByLabelText('Nazwa firmy');
    expect(name).toHaveValue(ACME.name);
    await user.clear(name);
    await user.type(name, 'Nowa S.A.');
    await user.click(screen.getByRole('button', { name: 'Zapisz firmę' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Zapisano: Nowa S.A.');
    expect(server.of('SAVE_COMPANY_PROFILE')[0]?.payload.profile).toMatchObject({ id: 4 });
    await user.click(screen.getByRole('button', { name: 'Usuń: Nowa S.A.' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Usunięto: Nowa S.A.');
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(server.of('DELETE_COMPANY_PROFILE')[0]?.payload).toEqual({ profile_id: 4 });
  });

  it('is not shown where the corporation issues no invoices; a refusal is said', async () => {
    const plain = renderProfiles({ GET_COMPANY_PROFILES: { invoicing: false, data_list: [] } });
    await waitFor(() => expect(plain.server.of('GET_COMPANY_PROFILES')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Companies for invoices' })).toBeNull();

    const { user } = renderProfiles({
      GET_COMPANY_PROFILES: { invoicing: true, data_list: [ACME] },
      DELETE_COMPANY_PROFILE: fail('ACTION_NOT_ALLOWED'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete: Zażółć S.A.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Action not allowed');
    expect(screen.getByRole('listitem')).toHaveTextContent(ACME.name);
  });
});
