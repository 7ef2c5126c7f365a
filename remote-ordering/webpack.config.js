import { federatedConfig } from '@taxi/tooling/webpack';

// One module per screen; the host's route table names them. The map (maplibre) is a chunk of
// its own that Home asks for after its form is on screen.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'ordering',
  devPort: 3001,
  exposes: {
    './Home': './src/home/Home.tsx',
    './OrderExpanded': './src/order-expanded/OrderExpanded.tsx',
    './OrderSummary': './src/summary/OrderSummary.tsx',
    './OrderSuccess': './src/success/OrderSuccess.tsx',
    './OrderHistory': './src/history/OrderHistory.tsx',
  },
});
