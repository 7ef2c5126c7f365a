import { ROUTE_TABLE, nextModules } from './routeTable';

const row = (screen: string) => ROUTE_TABLE.find((each) => each.screen === screen)!;

describe('the screens a route loads ahead', () => {
  it('Home loads the order summary; the summary loads Track and the success screen', () => {
    expect(nextModules(row('Home'))).toEqual([{ remote: 'ordering', module: './OrderSummary' }]);
    expect(nextModules(row('OrderSummary'))).toEqual([
      { remote: 'ordering', module: './OrderSuccess' },
      { remote: 'tracking', module: './Track' },
    ]);
    expect(nextModules(row('Auth'))).toEqual([]);
  });
});
