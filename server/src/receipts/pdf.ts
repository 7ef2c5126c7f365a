import { createRequire } from 'node:module';
import path from 'node:path';
import type { Receipt } from '@taxi/contract';
import { addressLine, formatPrice } from '@taxi/contract/format';
import PDFDocument from 'pdfkit';
import type { Lang } from '../api/registry.ts';
import type { Corporation } from '../corporations/directory.ts';

const require = createRequire(import.meta.url);
/** Noto Sans (the map's font, @expo-google-fonts/noto-sans): every Polish letter; embedded as a subset. */
const FONT_DIR = path.dirname(require.resolve('@expo-google-fonts/noto-sans/package.json'));
const REGULAR = path.join(FONT_DIR, '400Regular/NotoSans_400Regular.ttf');
const BOLD = path.join(FONT_DIR, '700Bold/NotoSans_700Bold.ttf');

/** The receipt screen's words (remote-tracking's receipt texts), for the PDF and its mail. */
export const RECEIPT_TEXTS = {
  en: {
    subject: (corp: string, id: string) => `${corp}: receipt for ride ${id}`,
    body: (corp: string, id: string) =>
      `Hello,\n\nthe receipt for your ${corp} taxi ride ${id} is attached (PDF).\n\nThank you for riding with us.\n`,
    filename: (id: string) => `receipt-${id}.pdf`,
    title: 'Receipt',
    order: (id: string) => `Order ${id}`,
    seller: 'Seller',
    sellerDetails: 'Registered details',
    sellerEmail: 'E-mail',
    ride: 'Ride',
    date: 'Date',
    ordered: 'Ordered',
    pickedUp: 'Picked up',
    ended: 'Ride ended',
    from: 'From',
    to: 'To',
    distance: 'Distance',
    vehicle: 'Vehicle',
    registration: 'Registration',
    callNumber: 'Taxi number',
    payment: 'Payment',
    cash: 'Cash',
    cashFree: 'Cash-free',
    fare: 'Fare',
    tariff: 'Tariff',
    tariffs: { t1: 'T1 (day)', t2: 'T2 (night)' } as Record<string, string>,
    startFee: 'Start fee',
    distanceCharge: (km: string, rate: string) => `Distance: ${km} km × ${rate}/km`,
    timeCharge: (min: number, rate: string) => `Time: ${min} min × ${rate}/min`,
    minimumTopUp: (amount: string) => `Up to the minimum fare of ${amount}`,
    surcharge: (name: string) => `Surcharge: ${name}`,
    taxis: (count: number) => `Taxis: × ${count}`,
    adjustment: "Driver's adjustment",
    total: 'Total',
    noPrice: 'No fare was recorded for this ride.',
  },
  pl: {
    subject: (corp: string, id: string) => `${corp}: paragon za przejazd ${id}`,
    body: (corp: string, id: string) =>
      `Dzień dobry,\n\nw załączniku (PDF) jest paragon za przejazd taksówką ${corp} ${id}.\n\nDziękujemy za wspólną jazdę.\n`,
    filename: (id: string) => `paragon-${id}.pdf`,
    title: 'Paragon',
    order: (id: string) => `Zamówienie ${id}`,
    seller: 'Sprzedawca',
    sellerDetails: 'Dane rejestrowe',
    sellerEmail: 'E-mail',
    ride: 'Przejazd',
    date: 'Data',
    ordered: 'Zamówiono',
    pickedUp: 'Odbiór',
    ended: 'Koniec przejazdu',
    from: 'Skąd',
    to: 'Dokąd',
    distance: 'Dystans',
    vehicle: 'Pojazd',
    registration: 'Nr rejestracyjny',
    callNumber: 'Numer taksówki',
    payment: 'Płatność',
    cash: 'Gotówka',
    cashFree: 'Bezgotówkowo',
    fare: 'Opłata',
    tariff: 'Taryfa',
    tariffs: { t1: 'T1 (dzienna)', t2: 'T2 (nocna)' } as Record<string, string>,
    startFee: 'Opłata początkowa',
    distanceCharge: (km: string, rate: string) => `Dystans: ${km} km × ${rate}/km`,
    timeCharge: (min: number, rate: string) => `Czas: ${min} min × ${rate}/min`,
    minimumTopUp: (amount: string) => `Dopłata do opłaty minimalnej ${amount}`,
    surcharge: (name: string) => `Dopłata: ${name}`,
    taxis: (count: number) => `Taksówki: × ${count}`,
    adjustment: 'Korekta kierowcy',
    total: 'Razem',
    noPrice: 'Dla tego przejazdu nie zapisano opłaty.',
  },
} satisfies Record<Lang, unknown>;

const setting = (corporation: Corporation, name: string) => {
  const value = corporation.settings[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** The clock time of a local 'YYYY-MM-DD HH:MM:SS', as the receipt screen shows it: 'HH:MM'. */
const time = (local: string | null) => (local ? local.slice(11, 16) : '');

/**
 * The receipt as a PDF (A4), what the receipt screen shows in the same order: the seller's legal
 * data, the ride's times and places, the taxi, the payment and the fare's parts, in `lang`.
 */
export function receiptPdf(
  receipt: Receipt,
  corporation: Corporation,
  lang: Lang,
): Promise<Buffer> {
  const t = RECEIPT_TEXTS[lang];
  const currency = setting(corporation, 'currency') || 'zł';
  const money = (amount: number) => formatPrice(amount, currency);
  const seller =
    (lang === 'pl'
      ? setting(corporation, 'self_name') || setting(corporation, 'self_name_en')
      : setting(corporation, 'self_name_en') || setting(corporation, 'self_name')) ||
    setting(corporation, 'corp');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    font: REGULAR,
    lang,
    displayTitle: true,
    info: { Title: `${t.title} ${receipt.order_short_id}`, Author: seller },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const heading = (text: string) => {
    doc.moveDown(0.8).font('bold').fontSize(13).text(text, left).moveDown(0.2);
    doc.font('regular').fontSize(10.5);
  };
  /** A label and its value on one line, the value right-aligned (amounts) or after the label. */
  const row = (label: string, value: string, strong = false) => {
    if (!value) return;
    const y = doc.y;
    doc.font(strong ? 'bold' : 'regular').text(label, left, y, { width: width * 0.4 });
    const labelBottom = doc.y;
    doc.text(value, left + width * 0.4, y, { width: width * 0.6, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y);
    doc.font('regular');
  };

  doc.font('bold').fontSize(20).text(t.title, left);
  doc.font('regular').fontSize(11).text(t.order(receipt.order_short_id));

  heading(t.seller);
  doc.text(seller);
  row(t.sellerDetails, setting(corporation, 'gdpr_admin'));
  row(t.sellerEmail, setting(corporation, 'self_email'));

  heading(t.ride);
  row(t.date, receipt.created.slice(0, 10));
  row(t.ordered, time(receipt.created));
  row(t.pickedUp, time(receipt.picked_up));
  row(t.ended, time(receipt.ended));
  row(t.from, addressLine(receipt.poi));
  row(t.to, addressLine(receipt.dst));
  if (receipt.distance_m !== null)
    row(t.distance, `${(receipt.distance_m / 1000).toFixed(1).replace('.', ',')} km`);

  for (const taxi of receipt.taxis) {
    heading(t.vehicle);
    row(t.vehicle, [taxi.brand, taxi.color].filter(Boolean).join(', '));
    row(t.registration, taxi.vehicle_registration);
    row(t.callNumber, taxi.call_number);
  }

  heading(t.payment);
  doc.text(receipt.cash_free ? t.cashFree : t.cash);

  heading(t.fare);
  const { fare, price } = receipt;
  if (price === null) doc.text(t.noPrice);
  else {
    if (fare) {
      row(t.tariff, t.tariffs[fare.tariff] ?? fare.tariff);
      row(t.startFee, money(fare.start_fee));
      row(
        t.distanceCharge(String(fare.distance_km).replace('.', ','), money(fare.per_km)),
        money(fare.distance_charge),
      );
      if (fare.per_minute > 0)
        row(t.timeCharge(fare.duration_min, money(fare.per_minute)), money(fare.time_charge));
      if (fare.minimum_top_up > 0)
        row(t.minimumTopUp(money(fare.minimum_price)), money(fare.minimum_top_up));
      for (const surcharge of fare.surcharges)
        row(t.surcharge(surcharge.name), money(surcharge.amount));
      if (fare.taxi_count > 1) row(t.taxis(fare.taxi_count), money(fare.tariff_price));
      if (fare.adjustment !== 0) row(t.adjustment, money(fare.adjustment));
    }
    doc.moveDown(0.3);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.3);
    row(t.total, money(price), true);
  }
  doc.end();
  return done;
}
